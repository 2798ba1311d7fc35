-- A seller cancels a pre-order with a reason (issue 53): the committed buyers see the reason beside
-- their canceled commitment and get an e-mail that gives it.
ALTER TABLE "preorders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "preorders" ADD COLUMN "canceled_at" timestamp with time zone;--> statement-breakpoint
-- When a closed lot's won and lost e-mails went: a lot closed without it (a kill after the close, a
-- mailer down) is mailed by the next run of the auctions job. Lots closed before this are done.
ALTER TABLE "auction_lots" ADD COLUMN "outcome_mailed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "auction_lots" SET "outcome_mailed_at" = "closed_at" WHERE "status" = 'CLOSED';--> statement-breakpoint
CREATE INDEX "auction_lots_unmailed_idx" ON "auction_lots" USING btree ("closed_at") WHERE "auction_lots"."status" = 'CLOSED' AND "auction_lots"."outcome_mailed_at" IS NULL;
