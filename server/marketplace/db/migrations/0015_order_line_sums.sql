CREATE TABLE "order_search_texts" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"buyer_id" integer NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ordered_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "live_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_percent" double precision GENERATED ALWAYS AS (coalesce(100 * "shipped_units"::float8 / nullif("live_units", 0), 0)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "order_search_texts" ADD CONSTRAINT "order_search_texts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_search_texts_buyer_idx" ON "order_search_texts" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "orders_buyer_total_idx" ON "orders" USING btree ("buyer_id","total","id");--> statement-breakpoint
CREATE INDEX "orders_buyer_shipped_idx" ON "orders" USING btree ("buyer_id","shipped_percent","id");--> statement-breakpoint
CREATE INDEX "orders_buyer_ordered_idx" ON "orders" USING btree ("buyer_id","ordered_quantity","id");--> statement-breakpoint
-- Kept by the database whatever writes an order or its lines (checkout, order saves, fulfilment, the
-- seeds, the bulk history). An insert or delete of lines recomputes its orders once per statement;
-- an update of a line moves the sums by its difference (a shipment updates lines one by one, and a
-- recount of a 500-line order for each would cost PGlite dearly).
CREATE FUNCTION refresh_order_line_sums(order_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE orders o
  SET ordered_quantity = s.ordered, shipped_units = s.shipped, live_units = s.live
  FROM (
    SELECT i.id,
      coalesce(sum(l.quantity), 0)::int AS ordered,
      coalesce(sum(l.shipped_quantity), 0)::int AS shipped,
      coalesce(sum(l.quantity - l.canceled_quantity), 0)::int AS live
    FROM (SELECT DISTINCT unnest(order_ids) AS id) i
    LEFT JOIN order_lines l ON l.order_id = i.id
    GROUP BY i.id) s
  WHERE o.id = s.id AND (o.ordered_quantity, o.shipped_units, o.live_units) IS DISTINCT FROM (s.ordered, s.shipped, s.live)
$$;
--> statement-breakpoint
CREATE FUNCTION refresh_order_search_texts(order_ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO order_search_texts (order_id, buyer_id, text)
  SELECT o.id, o.buyer_id,
    lower(o.phonex_order_number) || E'\n' || lower(coalesce(o.ref_order_number, ''))
      || coalesce((SELECT E'\n' || string_agg(lower(l.description), E'\n' ORDER BY l.id) FROM order_lines l WHERE l.order_id = o.id), '')
  FROM orders o
  WHERE o.id = ANY (order_ids)
  ON CONFLICT (order_id) DO UPDATE SET text = excluded.text WHERE order_search_texts.text IS DISTINCT FROM excluded.text
$$;
--> statement-breakpoint
CREATE FUNCTION order_lines_added_or_removed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[] := array(SELECT DISTINCT order_id FROM changed_lines);
BEGIN
  PERFORM refresh_order_line_sums(ids);
  PERFORM refresh_order_search_texts(ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION order_line_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.order_id = OLD.order_id AND NEW.description = OLD.description THEN
    UPDATE orders SET
      ordered_quantity = ordered_quantity + NEW.quantity - OLD.quantity,
      shipped_units = shipped_units + NEW.shipped_quantity - OLD.shipped_quantity,
      live_units = live_units + (NEW.quantity - NEW.canceled_quantity) - (OLD.quantity - OLD.canceled_quantity)
    WHERE id = NEW.order_id;
  ELSE
    PERFORM refresh_order_line_sums(ARRAY[OLD.order_id, NEW.order_id]);
    PERFORM refresh_order_search_texts(ARRAY[OLD.order_id, NEW.order_id]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION orders_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_order_search_texts(array(SELECT id FROM added_orders));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION order_named_anew() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_order_search_texts(ARRAY[NEW.id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_lines_sums_after_insert AFTER INSERT ON order_lines REFERENCING NEW TABLE AS changed_lines FOR EACH STATEMENT EXECUTE FUNCTION order_lines_added_or_removed();
--> statement-breakpoint
CREATE TRIGGER order_lines_sums_after_delete AFTER DELETE ON order_lines REFERENCING OLD TABLE AS changed_lines FOR EACH STATEMENT EXECUTE FUNCTION order_lines_added_or_removed();
--> statement-breakpoint
CREATE TRIGGER order_lines_sums_after_update AFTER UPDATE ON order_lines FOR EACH ROW
  WHEN ((OLD.order_id, OLD.description, OLD.quantity, OLD.canceled_quantity, OLD.shipped_quantity) IS DISTINCT FROM (NEW.order_id, NEW.description, NEW.quantity, NEW.canceled_quantity, NEW.shipped_quantity))
  EXECUTE FUNCTION order_line_updated();
--> statement-breakpoint
CREATE TRIGGER orders_search_text_after_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS added_orders FOR EACH STATEMENT EXECUTE FUNCTION orders_added();
--> statement-breakpoint
CREATE TRIGGER orders_search_text_after_rename AFTER UPDATE OF ref_order_number, phonex_order_number ON orders FOR EACH ROW
  WHEN ((OLD.ref_order_number, OLD.phonex_order_number) IS DISTINCT FROM (NEW.ref_order_number, NEW.phonex_order_number))
  EXECUTE FUNCTION order_named_anew();
--> statement-breakpoint
SELECT refresh_order_line_sums(array(SELECT id FROM orders)), refresh_order_search_texts(array(SELECT id FROM orders));
