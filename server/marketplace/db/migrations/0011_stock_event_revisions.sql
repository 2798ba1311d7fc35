ALTER TABLE "stock_events" ADD COLUMN "revision" integer;--> statement-breakpoint
CREATE INDEX "stock_events_revision_idx" ON "stock_events" USING btree ("participant_id","revision");