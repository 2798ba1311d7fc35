CREATE TABLE "return_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "return_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"file_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"rma_number" text NOT NULL,
	"buyer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"idempotency_key" text NOT NULL,
	"credit" integer DEFAULT 0 NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_requests_rma_number_unique" UNIQUE("rma_number")
);
--> statement-breakpoint
CREATE TABLE "return_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"item_number_warehouse" text NOT NULL,
	"unit_key" text NOT NULL,
	"imei" text,
	"reason_code" text NOT NULL,
	"state" text NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"unit_price" integer NOT NULL,
	"credit" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "return_events" ADD CONSTRAINT "return_events_request_id_return_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_photos" ADD CONSTRAINT "return_photos_unit_id_return_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."return_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_photos" ADD CONSTRAINT "return_photos_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_units" ADD CONSTRAINT "return_units_request_id_return_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_units" ADD CONSTRAINT "return_units_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_events_request_idx" ON "return_events" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "return_photos_unit_idx" ON "return_photos" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "return_requests_buyer_idx" ON "return_requests" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "return_requests_order_idx" ON "return_requests" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "return_requests_key_idx" ON "return_requests" USING btree ("buyer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "return_units_request_idx" ON "return_units" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "return_units_imei_idx" ON "return_units" USING btree ("imei");--> statement-breakpoint
CREATE UNIQUE INDEX "return_units_held_idx" ON "return_units" USING btree ("order_id","unit_key") WHERE "return_units"."state" IN ('REQUESTED', 'APPROVED', 'RECEIVED', 'CREDITED', 'REPLACED');--> statement-breakpoint
-- A return's credit is a row of the ledger: it counts toward what the order has been paid.
ALTER TABLE "payment_ledger" DROP CONSTRAINT "payment_ledger_kind_known";--> statement-breakpoint
ALTER TABLE "payment_ledger" ADD CONSTRAINT "payment_ledger_kind_known" CHECK ("kind" IN ('PAYMENT', 'REFUND', 'CREDIT'));
