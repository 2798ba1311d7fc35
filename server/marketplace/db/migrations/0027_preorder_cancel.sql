-- A seller cancels a pre-order with a reason (issue 53): the committed buyers see the reason beside
-- their canceled commitment and get an e-mail that gives it.
ALTER TABLE "preorders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "preorders" ADD COLUMN "canceled_at" timestamp with time zone;
