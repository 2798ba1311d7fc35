CREATE TABLE "checkout_drafts" (
	"id" text PRIMARY KEY NOT NULL,
	"buyer_id" integer NOT NULL,
	"participant_id" text NOT NULL,
	"warehouse_code" text NOT NULL,
	"offer_ids" jsonb NOT NULL,
	"mode" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_drafts" ADD CONSTRAINT "checkout_drafts_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_drafts" ADD CONSTRAINT "checkout_drafts_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_drafts_buyer_idx" ON "checkout_drafts" USING btree ("buyer_id");