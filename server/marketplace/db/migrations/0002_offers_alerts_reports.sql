CREATE TABLE "daily_report_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"covered_from" timestamp with time zone NOT NULL,
	"rows" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"actor" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"buyer_id" integer NOT NULL,
	"participant_id" text NOT NULL,
	"item_number_warehouse" text NOT NULL,
	"status" text NOT NULL,
	"offer_quantity" integer NOT NULL,
	"offer_price" numeric(12, 2) NOT NULL,
	"counter_price" numeric(12, 2),
	"check_out_quantity" integer,
	"check_out_price" numeric(12, 2),
	"minimum_checkout_quantity" integer,
	"accepted_or_countered_expiration_date" timestamp with time zone,
	"status_before_out_of_stock" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_alerts" (
	"buyer_id" integer NOT NULL,
	"participant_id" text NOT NULL,
	"item_number_warehouse" text NOT NULL,
	"quantity" integer NOT NULL,
	"baseline_quantity" integer NOT NULL,
	"last_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_alerts_buyer_id_participant_id_item_number_warehouse_pk" PRIMARY KEY("buyer_id","participant_id","item_number_warehouse")
);
--> statement-breakpoint
CREATE TABLE "stock_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"participant_id" text NOT NULL,
	"item_number_warehouse" text NOT NULL,
	"quantity_before" integer NOT NULL,
	"quantity_after" integer NOT NULL,
	"price_before" numeric(12, 2),
	"price_after" numeric(12, 2),
	"actor" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "daily_report_deliveries" ADD CONSTRAINT "daily_report_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_report_user_idx" ON "daily_report_deliveries" USING btree ("user_id","sent_at");--> statement-breakpoint
CREATE INDEX "offer_history_offer_idx" ON "offer_history" USING btree ("offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_buyer_item_idx" ON "offers" USING btree ("buyer_id","participant_id","item_number_warehouse");--> statement-breakpoint
CREATE INDEX "offers_item_idx" ON "offers" USING btree ("participant_id","item_number_warehouse");--> statement-breakpoint
CREATE INDEX "offers_status_idx" ON "offers" USING btree ("status");--> statement-breakpoint
CREATE INDEX "stock_alerts_item_idx" ON "stock_alerts" USING btree ("participant_id","item_number_warehouse");--> statement-breakpoint
CREATE INDEX "stock_events_at_idx" ON "stock_events" USING btree ("at");