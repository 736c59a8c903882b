-- The gateway reports the SHA-1 thumbprint of its OPC UA application certificate; the console shows it
-- so an operator can compare it before trusting the certificate on the OPC UA server.
ALTER TABLE "gateways" ADD COLUMN "opcua_thumbprint" text;