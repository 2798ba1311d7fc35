CREATE TABLE "return_search_texts" (
	"request_id" integer PRIMARY KEY NOT NULL,
	"buyer_id" integer NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "unit_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "return_search_texts" ADD CONSTRAINT "return_search_texts_request_id_return_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_search_texts_buyer_idx" ON "return_search_texts" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "return_requests_buyer_units_idx" ON "return_requests" USING btree ("buyer_id","unit_count","id");--> statement-breakpoint
CREATE INDEX "return_requests_buyer_credit_idx" ON "return_requests" USING btree ("buyer_id","credit","id");;--> statement-breakpoint
-- Kept by the database whatever writes a request or its units (a buyer's request, the bulk history,
-- the seeds), in the transaction that writes them. An insert or delete of units recounts and rewrites
-- their requests once per statement; a unit moved to another request or given another IMEI, both of
-- its requests. A unit changing state (approved, canceled, credited) changes neither.
CREATE FUNCTION refresh_return_unit_counts(request_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE return_requests r
  SET unit_count = s.n
  FROM (
    SELECT i.id, count(u.id)::int AS n
    FROM (SELECT DISTINCT unnest(request_ids) AS id) i
    LEFT JOIN return_units u ON u.request_id = i.id
    GROUP BY i.id) s
  WHERE r.id = s.id AND r.unit_count IS DISTINCT FROM s.n
$$;
--> statement-breakpoint
CREATE FUNCTION refresh_return_search_texts(request_ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO return_search_texts (request_id, buyer_id, text)
  SELECT r.id, r.buyer_id,
    lower(r.rma_number) || E'\n' || lower(o.phonex_order_number)
      || coalesce((SELECT E'\n' || string_agg(lower(u.imei), E'\n' ORDER BY u.id) FROM return_units u WHERE u.request_id = r.id AND u.imei IS NOT NULL), '')
  FROM return_requests r
  JOIN orders o ON o.id = r.order_id
  WHERE r.id = ANY (request_ids)
  ON CONFLICT (request_id) DO UPDATE SET buyer_id = excluded.buyer_id, text = excluded.text
    WHERE (return_search_texts.buyer_id, return_search_texts.text) IS DISTINCT FROM (excluded.buyer_id, excluded.text)
$$;
--> statement-breakpoint
CREATE FUNCTION return_units_added_or_removed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[] := array(SELECT DISTINCT request_id FROM changed_units);
BEGIN
  PERFORM refresh_return_unit_counts(ids);
  PERFORM refresh_return_search_texts(ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION return_unit_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_return_unit_counts(ARRAY[OLD.request_id, NEW.request_id]);
  PERFORM refresh_return_search_texts(ARRAY[OLD.request_id, NEW.request_id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION return_requests_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_return_search_texts(array(SELECT id FROM added_requests));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION return_request_named_anew() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_return_search_texts(ARRAY[NEW.id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION order_named_anew_for_returns() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_return_search_texts(array(SELECT id FROM return_requests WHERE order_id = NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER return_units_keys_after_insert AFTER INSERT ON return_units REFERENCING NEW TABLE AS changed_units FOR EACH STATEMENT EXECUTE FUNCTION return_units_added_or_removed();
--> statement-breakpoint
CREATE TRIGGER return_units_keys_after_delete AFTER DELETE ON return_units REFERENCING OLD TABLE AS changed_units FOR EACH STATEMENT EXECUTE FUNCTION return_units_added_or_removed();
--> statement-breakpoint
CREATE TRIGGER return_units_keys_after_update AFTER UPDATE OF request_id, imei ON return_units FOR EACH ROW
  WHEN ((OLD.request_id, OLD.imei) IS DISTINCT FROM (NEW.request_id, NEW.imei))
  EXECUTE FUNCTION return_unit_moved();
--> statement-breakpoint
CREATE TRIGGER return_requests_search_text_after_insert AFTER INSERT ON return_requests REFERENCING NEW TABLE AS added_requests FOR EACH STATEMENT EXECUTE FUNCTION return_requests_added();
--> statement-breakpoint
CREATE TRIGGER return_requests_search_text_after_rename AFTER UPDATE OF rma_number, buyer_id, order_id ON return_requests FOR EACH ROW
  WHEN ((OLD.rma_number, OLD.buyer_id, OLD.order_id) IS DISTINCT FROM (NEW.rma_number, NEW.buyer_id, NEW.order_id))
  EXECUTE FUNCTION return_request_named_anew();
--> statement-breakpoint
CREATE TRIGGER orders_return_search_texts_after_rename AFTER UPDATE OF phonex_order_number ON orders FOR EACH ROW
  WHEN (OLD.phonex_order_number IS DISTINCT FROM NEW.phonex_order_number)
  EXECUTE FUNCTION order_named_anew_for_returns();
--> statement-breakpoint
-- The requests made before this migration.
SELECT refresh_return_unit_counts(array(SELECT id FROM return_requests)), refresh_return_search_texts(array(SELECT id FROM return_requests));
