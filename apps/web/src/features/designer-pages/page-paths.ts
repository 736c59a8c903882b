/** Where the designer of a product's page lives in the console. */
export function designerPath(productId: string, pageId: string): string {
  return `/manage/product/${encodeURIComponent(productId)}/designer/${encodeURIComponent(pageId)}`;
}
