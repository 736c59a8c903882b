/** The configuration a gateway runs, derived from its device's product. Pure, for the runtime's push. */
import type { ConfigPayload } from '@lyyp/contracts/protocol';
import type { ProductRow } from './product.repository.ts';

export function deriveGatewayConfig(product: Pick<ProductRow, 'modelVersion' | 'model'>): ConfigPayload {
  return { version: product.modelVersion, model: product.model };
}
