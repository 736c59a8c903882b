/**
 * Certificate and private key files of an OPC UA driver (§5): pem or der, at most 1 MB, checked
 * when uploaded. The platform answers what it read, as PEM text, with the certificate's SHA-1
 * thumbprint, subject and end of validity so the person can see it is the right one.
 */
import { z } from 'zod';

export const OPCUA_CREDENTIAL_MAX_BYTES = 1024 * 1024;
/** File name endings offered when choosing a file; the content decides, not the name. */
export const OPCUA_CREDENTIAL_EXTENSIONS = ['.pem', '.der', '.crt', '.cer', '.key'] as const;
export const OPCUA_CREDENTIAL_KINDS = ['certificate', 'key'] as const;
export type OpcUaCredentialKind = (typeof OPCUA_CREDENTIAL_KINDS)[number];

/** Form field of the multipart upload that carries the file. */
export const OPCUA_CREDENTIAL_FIELD = 'file';

export const OpcUaCredentialAnswerSchema = z.object({
  kind: z.enum(OPCUA_CREDENTIAL_KINDS),
  /** The file as PEM text (a der file converted). */
  pem: z.string(),
  /** Certificate only: SHA-1 thumbprint, subject and last day of validity (ISO). */
  thumbprint: z.string().optional(),
  subject: z.string().optional(),
  validTo: z.string().optional(),
});
export type OpcUaCredentialAnswer = z.infer<typeof OpcUaCredentialAnswerSchema>;
