-- Every charge on its own line (issue 51): the insurance premium leaves the freight for a column of
-- its own, and a promotion that waives the freight is a discount that names itself.
ALTER TABLE "orders" ADD COLUMN "freight_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promotion" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "insurance" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Orders placed before held the premium inside the freight: the insured amount at the catalogue's
-- rate (basis points, the demo's 50 when the tenant never set a catalogue), half up, as checkout charged it.
UPDATE "orders" o SET "insurance" = p.premium, "freight" = o."freight" - p.premium
FROM (
  SELECT o2."id", floor(((o2."shipping"->'selection'->>'insuredAmount')::numeric * coalesce((SELECT (s."value"->>'insuranceRate')::numeric FROM "tenant_settings" s WHERE s."key" = 'checkout-catalogue'), 50) + 5000) / 10000)::integer AS premium
  FROM "orders" o2
  WHERE (o2."shipping"->'selection'->>'insured') = 'true' AND coalesce((o2."shipping"->'selection'->>'insuredAmount')::numeric, 0) > 0
) p
WHERE o."id" = p."id" AND p.premium > 0 AND o."freight" >= p.premium;
--> statement-breakpoint
-- An invoice keeps the charges it carries, each on its own line (null on invoices made before).
ALTER TABLE "order_invoices" ADD COLUMN "charges" jsonb;
