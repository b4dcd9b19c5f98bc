CREATE TABLE "client_vitals" (
	"day" date NOT NULL,
	"route" text NOT NULL,
	"connection" text NOT NULL,
	"metric" text NOT NULL,
	"buckets" integer[] NOT NULL,
	"samples" integer NOT NULL,
	CONSTRAINT "client_vitals_day_route_connection_metric_pk" PRIMARY KEY("day","route","connection","metric")
);
