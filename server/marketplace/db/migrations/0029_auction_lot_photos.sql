-- Photos a seller gives of a lot (issue 53: "photos if the seller gave any"), kept as stored files.
CREATE TABLE "auction_lot_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"lot_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auction_lot_photos" ADD CONSTRAINT "auction_lot_photos_lot_id_auction_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."auction_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_lot_photos" ADD CONSTRAINT "auction_lot_photos_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auction_lot_photos_lot_idx" ON "auction_lot_photos" USING btree ("lot_id","position");
