-- A shop's two fees become zones: the inside-Dhaka fee is Dhaka city's (the Dhaka district), the outside fee every other district's.
INSERT INTO "delivery_zones" ("id", "zones", "updated_at")
SELECT 'default',
  jsonb_build_object(
    'zones', jsonb_build_array(jsonb_build_object('name', 'Dhaka city', 'districts', jsonb_build_array('Dhaka'), 'fee', "inside_dhaka", 'freeFrom', NULL)),
    'otherDistricts', jsonb_build_object('fee', "outside_dhaka", 'freeFrom', NULL)
  ),
  "updated_at"
FROM "shipping_fees" WHERE "id" = 'default'
ON CONFLICT ("id") DO NOTHING;
