CREATE TABLE "house_image" (
	"kind" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"width" double precision NOT NULL,
	"height" double precision NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"file_name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "house_image_kind" CHECK ("house_image"."kind" IN ('logo', 'favicon', 'social')),
	CONSTRAINT "house_image_type" CHECK ("house_image"."content_type" IN ('image/svg+xml', 'image/png', 'image/jpeg')),
	CONSTRAINT "house_image_size" CHECK ("house_image"."byte_size" > 0 AND "house_image"."byte_size" <= 2097152 AND "house_image"."byte_size" = octet_length("house_image"."data")),
	CONSTRAINT "house_image_dimensions" CHECK ("house_image"."width" > 0 AND "house_image"."height" > 0),
	CONSTRAINT "house_image_sha256" CHECK ("house_image"."sha256" ~ '^[0-9a-f]{64}$')
);
