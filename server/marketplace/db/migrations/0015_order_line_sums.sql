ALTER TABLE "orders" ADD COLUMN "ordered_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "live_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "line_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_percent" double precision GENERATED ALWAYS AS (coalesce(100 * "shipped_units"::float8 / nullif("live_units", 0), 0)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_buyer_total_idx" ON "orders" USING btree ("buyer_id","total","id");--> statement-breakpoint
CREATE INDEX "orders_buyer_shipped_idx" ON "orders" USING btree ("buyer_id","shipped_percent","id");--> statement-breakpoint
CREATE INDEX "orders_buyer_ordered_idx" ON "orders" USING btree ("buyer_id","ordered_quantity","id");--> statement-breakpoint
-- The orders' line sums, kept by the database whatever writes the lines (checkout, order saves,
-- fulfilment, the seeds, the bulk history): an insert or delete recomputes its orders once per
-- statement; an update of a line moves the sums by its difference (a shipment updates lines one by
-- one, and a recount of a 500-line order for each would cost PGlite dearly).
CREATE FUNCTION refresh_order_line_sums(order_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE orders o
  SET ordered_quantity = s.ordered, shipped_units = s.shipped, live_units = s.live, line_text = s.text
  FROM (
    SELECT i.id,
      coalesce(sum(l.quantity), 0)::int AS ordered,
      coalesce(sum(l.shipped_quantity), 0)::int AS shipped,
      coalesce(sum(l.quantity - l.canceled_quantity), 0)::int AS live,
      coalesce(string_agg(lower(l.description), E'\n' ORDER BY l.id), '') AS text
    FROM (SELECT DISTINCT unnest(order_ids) AS id) i
    LEFT JOIN order_lines l ON l.order_id = i.id
    GROUP BY i.id) s
  WHERE o.id = s.id
$$;
--> statement-breakpoint
CREATE FUNCTION order_lines_added_or_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_order_line_sums(array(SELECT DISTINCT order_id FROM changed_lines));
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
  END IF;
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
SELECT refresh_order_line_sums(array(SELECT id FROM orders));
