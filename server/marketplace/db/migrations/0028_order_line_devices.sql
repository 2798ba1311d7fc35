-- The devices one unit of an order line holds (issue 53): an awarded lot is one unit of its
-- manifest's devices, and freight, device limits and per-unit fees count devices. Lots awarded
-- before this get their manifest's units; their saved charges stay as they were placed until the
-- order is priced again (a change the buyer sees before it counts).
ALTER TABLE "order_lines" ADD COLUMN "devices_per_unit" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_devices_per_unit_positive" CHECK ("devices_per_unit" > 0);--> statement-breakpoint
UPDATE "order_lines" l SET "devices_per_unit" = a."units"
  FROM "orders" o, "auction_lots" a
  WHERE o."id" = l."order_id" AND o."idempotency_key" = 'auction-lot-' || a."id" AND l."item_number" = 'LOT-' || a."id" AND a."units" > 0;
