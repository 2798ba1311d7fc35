-- One open payment per order, and a capture that knows what is owed (issue 49): a start answers the
-- open payment's approve address again, a refund names the provider's capture, and what was captured
-- beyond the balance is given back at once. (The snapshot also holds 0022's buyers.order_count.)
ALTER TABLE "payments" ADD COLUMN "approve_url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "capture_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_amount" integer DEFAULT 0 NOT NULL;
