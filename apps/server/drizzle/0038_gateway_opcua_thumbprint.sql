-- Safe to apply twice: an upgrade from before 0038 applies it after 0037, which carries a later timestamp.
-- The gateway reports the SHA-1 thumbprint of its OPC UA application certificate; the console shows it
-- so an operator can compare it before trusting the certificate on the OPC UA server.
ALTER TABLE "gateways" ADD COLUMN IF NOT EXISTS "opcua_thumbprint" text;
