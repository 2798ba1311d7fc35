-- The reservation and cancellation fee columns held the fees as last calculated, a quote the order's
-- total never included: no fee was charged. From now on they hold what is charged, and the total
-- includes them (decision 054); the reservation-fees job charges late orders what they have run up.
UPDATE "orders" SET "reservation_fee" = 0, "cancellation_fee" = 0
  WHERE "reservation_fee" <> 0 OR "cancellation_fee" <> 0;
