CREATE TABLE "offer_import_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"buyer_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_import_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"line" integer NOT NULL,
	"item_number" text NOT NULL,
	"warehouse" text NOT NULL,
	"quantity" text NOT NULL,
	"price" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offer_import_batches" ADD CONSTRAINT "offer_import_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_import_batches" ADD CONSTRAINT "offer_import_batches_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_import_rows" ADD CONSTRAINT "offer_import_rows_batch_id_offer_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."offer_import_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_import_batches_user_idx" ON "offer_import_batches" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "offer_import_batches_expires_idx" ON "offer_import_batches" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "offer_import_rows_batch_idx" ON "offer_import_rows" USING btree ("batch_id","line");