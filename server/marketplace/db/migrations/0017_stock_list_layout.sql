ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "stock_list_layout" text DEFAULT 'cards' NOT NULL;
