-- An order delivered before the delivery time was kept takes it from its history's delivered row.
UPDATE "orders" SET "delivered_at" = (
  SELECT max("created_at") FROM "order_events" e
  WHERE e."order_id" = "orders"."id" AND e."kind" = 'status' AND e."to_value" = 'delivered'
)
WHERE "status" = 'delivered' AND "delivered_at" IS NULL;
