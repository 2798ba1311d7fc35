CREATE TABLE "payment_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"user_id" integer,
	"actor" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "amount_paid" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_attempt" text;--> statement-breakpoint
ALTER TABLE "payment_ledger" ADD CONSTRAINT "payment_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_ledger_order_idx" ON "payment_ledger" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_ledger_reference_idx" ON "payment_ledger" USING btree ("kind","provider","reference");--> statement-breakpoint
ALTER TABLE "payment_ledger" ADD CONSTRAINT "payment_ledger_amount_positive" CHECK ("amount" > 0);--> statement-breakpoint
ALTER TABLE "payment_ledger" ADD CONSTRAINT "payment_ledger_kind_known" CHECK ("kind" IN ('PAYMENT', 'REFUND'));--> statement-breakpoint
-- Orders placed before the ledger: captured integrated payments become its rows, a status the seller
-- set becomes a payment (and a refund) of the total. A PARTIALLY_PAID set by hand never said how much:
-- no amount is made up for it, and it reads UNPAID until the seller records what was paid.
INSERT INTO "payment_ledger" ("order_id", "kind", "amount", "provider", "reference", "actor", "at")
  SELECT p."order_id", 'PAYMENT', p."amount", p."provider", p."token", 'migrated', p."created_at" FROM "payments" p WHERE p."status" = 'CAPTURED' AND p."amount" > 0;--> statement-breakpoint
INSERT INTO "payment_ledger" ("order_id", "kind", "amount", "provider", "reference", "actor", "at")
  SELECT o."id", 'PAYMENT', o."total", 'seller', 'migrated-' || o."id", 'migrated', o."last_update_date" FROM "orders" o
  WHERE o."payment_status" IN ('PAID', 'REFUNDED') AND o."total" > 0 AND NOT EXISTS (SELECT 1 FROM "payment_ledger" l WHERE l."order_id" = o."id");--> statement-breakpoint
INSERT INTO "payment_ledger" ("order_id", "kind", "amount", "provider", "reference", "actor", "at")
  SELECT o."id", 'REFUND', s."paid", 'seller', 'migrated-' || o."id", 'migrated', o."last_update_date"
  FROM "orders" o JOIN (SELECT "order_id", sum("amount")::integer AS "paid" FROM "payment_ledger" GROUP BY "order_id") s ON s."order_id" = o."id"
  WHERE o."payment_status" = 'REFUNDED';--> statement-breakpoint
UPDATE "orders" o SET
  "payment_attempt" = CASE o."payment_status" WHEN 'AWAITING_PAYMENT' THEN 'AWAITING' WHEN 'FAILED' THEN 'FAILED' ELSE NULL END,
  "amount_paid" = coalesce((SELECT sum(CASE l."kind" WHEN 'PAYMENT' THEN l."amount" ELSE -l."amount" END)::integer FROM "payment_ledger" l WHERE l."order_id" = o."id"), 0);--> statement-breakpoint
UPDATE "orders" SET "payment_status" = 'UNPAID' WHERE "payment_status" = 'PARTIALLY_PAID' AND "amount_paid" = 0;
