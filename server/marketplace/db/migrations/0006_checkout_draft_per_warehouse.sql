DROP INDEX "checkout_drafts_buyer_idx";--> statement-breakpoint
ALTER TABLE "checkout_drafts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "checkout_drafts" SET "updated_at" = "created_at";--> statement-breakpoint
-- Earlier versions kept every hand-off: the newest per buyer and warehouse stays.
DELETE FROM "checkout_drafts" d USING "checkout_drafts" newer WHERE d."buyer_id" = newer."buyer_id" AND d."participant_id" = newer."participant_id" AND d."warehouse_code" = newer."warehouse_code" AND (d."created_at", d."id") < (newer."created_at", newer."id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_drafts_buyer_warehouse_idx" ON "checkout_drafts" USING btree ("buyer_id","participant_id","warehouse_code");--> statement-breakpoint
CREATE INDEX "checkout_drafts_updated_idx" ON "checkout_drafts" USING btree ("updated_at");