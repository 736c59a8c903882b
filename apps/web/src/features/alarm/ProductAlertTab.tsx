/**
 * The alert tab of a product (§2 /manage/product/edit/:id/alert): its alarm rules with capacity
 * used/total (§8, §9), its offline and power-off alarms, and its alarm groups. Rules and groups belong to the product's configuration
 * and take effect on every device of the product.
 */
import { ProductSectionsTab } from '../product/ProductSectionsTab.tsx';
import { GroupSection } from './GroupSection.tsx';
import { RuleSection } from './RuleSection.tsx';
import { StatusAlarmSection } from './StatusAlarmSection.tsx';

const SECTIONS = [RuleSection, StatusAlarmSection, GroupSection];

export default function ProductAlertTab() {
  return <ProductSectionsTab ability="alarmRule.edit" sections={SECTIONS} />;
}
