CREATE TABLE IF NOT EXISTS "marketplace_texts" (
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"field" text NOT NULL,
	"language" text NOT NULL,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_texts_kind_ref_field_language_pk" PRIMARY KEY("kind","ref","field","language")
);
--> statement-breakpoint
-- A stored checkout catalogue kept its delivery estimates per language inside each method: the other languages become texts, the method keeps its English.
INSERT INTO "marketplace_texts" ("kind", "ref", "field", "language", "text")
SELECT 'shipping-method', m->>'code', 'deliveryEstimate', e.key, e.value
FROM "tenant_settings" s, jsonb_array_elements(s.value->'shippingMethods') m, jsonb_each_text(m->'deliveryEstimate') e
WHERE s.key = 'checkout-catalogue' AND jsonb_typeof(s.value->'shippingMethods') = 'array' AND jsonb_typeof(m->'deliveryEstimate') = 'object' AND e.key <> 'en'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "tenant_settings" SET "value" = jsonb_set("value", '{shippingMethods}', (
	SELECT jsonb_agg(CASE WHEN jsonb_typeof(m->'deliveryEstimate') = 'object' THEN jsonb_set(m, '{deliveryEstimate}', to_jsonb(coalesce(m->'deliveryEstimate'->>'en', ''))) ELSE m END ORDER BY i)
	FROM jsonb_array_elements("value"->'shippingMethods') WITH ORDINALITY AS t(m, i)))
WHERE "key" = 'checkout-catalogue' AND jsonb_typeof("value"->'shippingMethods') = 'array' AND jsonb_array_length("value"->'shippingMethods') > 0;
