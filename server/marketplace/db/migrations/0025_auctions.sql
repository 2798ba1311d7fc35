-- Auctions (issue 53): lots with their manifests, proxy bids, watch lists, the e-mails claimed once,
-- and the user's choice of auction e-mails (on by default).
CREATE TABLE "auction_lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"participant_id" text NOT NULL REFERENCES "participants"("id"),
	"warehouse_code" text NOT NULL REFERENCES "warehouses"("code"),
	"starting_price" integer NOT NULL,
	"reserve_price" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"scheduled_ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"cancel_reason" text,
	"units" integer DEFAULT 0 NOT NULL,
	"grade_mix" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"leader_buyer_id" integer REFERENCES "buyers"("id"),
	"leader_maximum" integer,
	"second_maximum" integer,
	"current_price" integer,
	"bid_count" integer DEFAULT 0 NOT NULL,
	"outcome" text,
	"closed_at" timestamp with time zone,
	"order_id" integer REFERENCES "orders"("id"),
	"second_chance" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "auction_lots_status_end_idx" ON "auction_lots" USING btree ("status","ends_at");--> statement-breakpoint
CREATE INDEX "auction_lots_start_idx" ON "auction_lots" USING btree ("starts_at");--> statement-breakpoint
CREATE TABLE "auction_lot_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"lot_id" integer NOT NULL REFERENCES "auction_lots"("id") ON DELETE cascade,
	"model" text NOT NULL,
	"grade" text NOT NULL,
	"capacity" text DEFAULT '' NOT NULL,
	"colour" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"imeis" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "auction_lot_lines_lot_idx" ON "auction_lot_lines" USING btree ("lot_id");--> statement-breakpoint
CREATE TABLE "auction_bids" (
	"id" serial PRIMARY KEY NOT NULL,
	"lot_id" integer NOT NULL REFERENCES "auction_lots"("id") ON DELETE cascade,
	"buyer_id" integer NOT NULL REFERENCES "buyers"("id"),
	"user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"maximum" integer NOT NULL,
	"price_after" integer NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"idempotency_key" text UNIQUE
);
--> statement-breakpoint
CREATE INDEX "auction_bids_lot_idx" ON "auction_bids" USING btree ("lot_id","id");--> statement-breakpoint
CREATE INDEX "auction_bids_buyer_idx" ON "auction_bids" USING btree ("buyer_id","lot_id");--> statement-breakpoint
CREATE TABLE "auction_watches" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"lot_id" integer NOT NULL REFERENCES "auction_lots"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("user_id","lot_id")
);
--> statement-breakpoint
CREATE TABLE "auction_notices" (
	"lot_id" integer NOT NULL REFERENCES "auction_lots"("id") ON DELETE cascade,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"ref" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("lot_id","user_id","kind","ref")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "auction_emails" boolean DEFAULT true NOT NULL;
