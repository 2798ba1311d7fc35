CREATE TABLE "auth_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buyers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_prospect" boolean DEFAULT false NOT NULL,
	"participant_id" text,
	"sales_rep_email" text,
	"sales_rep_phone" text,
	"sales_rep_whatsapp" text
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"participant_id" text NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "categories_participant_id_code_pk" PRIMARY KEY("participant_id","code")
);
--> statement-breakpoint
CREATE TABLE "grades" (
	"participant_id" text NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"description" text NOT NULL,
	"pxnr_grade" text,
	"sort_order" integer NOT NULL,
	CONSTRAINT "grades_participant_id_code_pk" PRIMARY KEY("participant_id","code")
);
--> statement-breakpoint
CREATE TABLE "participants" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_own" boolean DEFAULT false NOT NULL,
	"is_pxns" boolean DEFAULT false NOT NULL,
	"is_pxnr" boolean DEFAULT false NOT NULL,
	"warehouse_group_select_order" integer
);
--> statement-breakpoint
CREATE TABLE "password_reset_codes" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"participant_id" text NOT NULL,
	"item_number" text NOT NULL,
	"warehouse_code" text NOT NULL,
	"item_number_warehouse" text NOT NULL,
	"category" text NOT NULL,
	"group_key" text NOT NULL,
	"group_title" text NOT NULL,
	"group_description" text NOT NULL,
	"sku_description" text NOT NULL,
	"grade" text NOT NULL,
	"attributes" jsonb NOT NULL,
	"quantity_available" integer NOT NULL,
	"list_price" numeric(12, 2),
	"increment_size" integer DEFAULT 1 NOT NULL,
	"minimum_checkout_quantity" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_authorities" (
	"user_id" integer NOT NULL,
	"authority" text NOT NULL,
	CONSTRAINT "user_authorities_user_id_authority_pk" PRIMARY KEY("user_id","authority")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"buyer_id" integer,
	"is_buyer" boolean DEFAULT true NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"stock_report_notification" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "warehouse_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"participant_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"code" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"group_id" text NOT NULL,
	"accepting_offers" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyers" ADD CONSTRAINT "buyers_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_codes" ADD CONSTRAINT "password_reset_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_items" ADD CONSTRAINT "stock_items_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_items" ADD CONSTRAINT "stock_items_warehouse_code_warehouses_code_fk" FOREIGN KEY ("warehouse_code") REFERENCES "public"."warehouses"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_authorities" ADD CONSTRAINT "user_authorities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_groups" ADD CONSTRAINT "warehouse_groups_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_group_id_warehouse_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."warehouse_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_tokens_user_idx" ON "auth_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_items_inw_idx" ON "stock_items" USING btree ("participant_id","item_number_warehouse");--> statement-breakpoint
CREATE INDEX "stock_items_browse_idx" ON "stock_items" USING btree ("participant_id","category","group_key");--> statement-breakpoint
CREATE INDEX "stock_items_warehouse_idx" ON "stock_items" USING btree ("warehouse_code");