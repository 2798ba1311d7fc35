CREATE TABLE "stock_revisions" (
	"participant_id" text PRIMARY KEY NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_items" ADD COLUMN "pending_order_item_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_revisions" ADD CONSTRAINT "stock_revisions_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE no action ON UPDATE no action;