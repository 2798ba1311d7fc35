-- Pre-orders (issue 53): stock a seller announces before it arrives, the buyers' commitments to it,
-- and what each commitment was allocated when the stock came (an order made through the checkout's charges).
CREATE TABLE "preorders" (
	"id" serial PRIMARY KEY NOT NULL,
	"participant_id" text NOT NULL,
	"warehouse_code" text NOT NULL,
	"item_number" text NOT NULL,
	"model" text NOT NULL,
	"grade" text NOT NULL,
	"capacity" text NOT NULL,
	"expected_quantity" integer NOT NULL,
	"expected_date" date NOT NULL,
	"price_min" integer NOT NULL,
	"price_max" integer NOT NULL,
	"minimum_commitment" integer DEFAULT 1 NOT NULL,
	"cut_off" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"arrived_quantity" integer,
	"unit_price" integer,
	"allocation_rule" text,
	"arrived_at" timestamp with time zone,
	"allocated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preorders_price_range" CHECK ("price_min" >= 0 AND "price_min" <= "price_max"),
	CONSTRAINT "preorders_quantities" CHECK ("expected_quantity" > 0 AND "minimum_commitment" >= 1 AND "minimum_commitment" <= "expected_quantity")
);
--> statement-breakpoint
CREATE TABLE "preorder_commitments" (
	"id" serial PRIMARY KEY NOT NULL,
	"preorder_id" integer NOT NULL,
	"buyer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"max_unit_price" integer,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"allocated_quantity" integer DEFAULT 0 NOT NULL,
	"order_id" integer,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "preorder_commitments_quantity" CHECK ("quantity" > 0 AND "allocated_quantity" >= 0 AND "allocated_quantity" <= "quantity")
);
--> statement-breakpoint
ALTER TABLE "preorders" ADD CONSTRAINT "preorders_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preorders" ADD CONSTRAINT "preorders_warehouse_code_warehouses_code_fk" FOREIGN KEY ("warehouse_code") REFERENCES "public"."warehouses"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preorder_commitments" ADD CONSTRAINT "preorder_commitments_preorder_id_preorders_id_fk" FOREIGN KEY ("preorder_id") REFERENCES "public"."preorders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preorder_commitments" ADD CONSTRAINT "preorder_commitments_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preorder_commitments" ADD CONSTRAINT "preorder_commitments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preorder_commitments" ADD CONSTRAINT "preorder_commitments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "preorders_status_idx" ON "preorders" USING btree ("status","cut_off");--> statement-breakpoint
CREATE UNIQUE INDEX "preorder_commitments_buyer_idx" ON "preorder_commitments" USING btree ("preorder_id","buyer_id");--> statement-breakpoint
CREATE INDEX "preorder_commitments_of_buyer_idx" ON "preorder_commitments" USING btree ("buyer_id","id");
