-- An order that asks for nothing (canceled before any payment) is NOTHING_DUE, no longer UNPAID
-- (app/domain/orders/payment-balance.ts): an UNPAID order has nothing captured, credited or refunded.
UPDATE "orders" SET "payment_status" = 'NOTHING_DUE'
  WHERE "payment_status" = 'UNPAID' AND ("status" = 'CANCELED' OR "total" = 0);--> statement-breakpoint
-- Its label in the languages whose words for UNPAID the marketplace already holds (the demo's, or
-- the operator's own, which a word set for NOTHING_DUE keeps).
INSERT INTO "marketplace_texts" ("kind", "ref", "field", "language", "text")
  SELECT 'payment-status', 'NOTHING_DUE', 'label', "language",
    CASE "language" WHEN 'fr' THEN 'Rien à payer' ELSE 'Nichts zu zahlen' END
  FROM "marketplace_texts"
  WHERE "kind" = 'payment-status' AND "ref" = 'UNPAID' AND "field" = 'label' AND "language" IN ('fr', 'de')
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- An order the buyer canceled before this kept its units as ordered: each unit not shipped was
-- canceled (and given back to stock then), as the seller's cancel records it. Its charges stay as
-- they were on the day.
UPDATE "order_lines" AS l SET "canceled_quantity" = l."quantity" - l."shipped_quantity"
  FROM "orders" AS o
  WHERE l."order_id" = o."id" AND o."status" = 'CANCELED'
    AND l."canceled_quantity" <> l."quantity" - l."shipped_quantity";
