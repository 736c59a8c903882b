-- The files of a gateway's MQTT TLS connection (CA, client certificate, client key), PEM text.
CREATE TABLE "gateway_tls_files" (
	"sn" text NOT NULL,
	"part" text NOT NULL,
	"pem" text NOT NULL,
	"summary" jsonb NOT NULL,
	"uploaded_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_tls_files_sn_part_pk" PRIMARY KEY("sn","part")
);
--> statement-breakpoint
ALTER TABLE "gateway_tls_files" ADD CONSTRAINT "gateway_tls_files_sn_gateways_sn_fk" FOREIGN KEY ("sn") REFERENCES "public"."gateways"("sn") ON DELETE cascade ON UPDATE no action;
