/** Request bodies of the device paths (/equipment/*) with the §3 device fields and their §5 rules. */
import { z } from 'zod';
import {
  ADDRESS_MAX_LENGTH,
  COMPANY_NAME_MAX_LENGTH,
  NAME_MAX_LENGTH,
  REMARK_MAX_LENGTH,
  checkedString,
} from '@lyyp/contracts';
import { GATEWAY_STATUSES } from '@lyyp/contracts/protocol';
import { pagingFields } from '../product/catalogue-route.ts';
import {
  idField,
  latitudeField,
  limitedText,
  longitudeField,
  requiredText,
} from '../product/product.schemas.ts';
import { checkGatewayCode } from '@lyyp/contracts/gateway';
import { snField } from '../gateway/gateway.schemas.ts';
import {
  DEVICE_NAME_MAX_LENGTH,
  DEVICE_NUMBER_MAX_LENGTH,
  WARRANTY_MONTHS_MAX,
  checkDate,
  checkIccid,
} from '@lyyp/contracts/device';

export {
  DEVICE_NAME_MAX_LENGTH,
  DEVICE_NUMBER_MAX_LENGTH,
  WARRANTY_MONTHS_MAX,
  checkDate,
} from '@lyyp/contracts/device';

/** §3 device fields a person types, shared by binding and editing. */
const deviceFields = {
  name: requiredText('name', DEVICE_NAME_MAX_LENGTH),
  groupName: limitedText('groupName', NAME_MAX_LENGTH),
  address: limitedText('address', ADDRESS_MAX_LENGTH),
  longitude: longitudeField,
  latitude: latitudeField,
  iccid: checkedString(checkIccid),
  remark: limitedText('remark', REMARK_MAX_LENGTH),
  deviceNumber: limitedText('deviceNumber', DEVICE_NUMBER_MAX_LENGTH),
  factoryDate: checkedString(checkDate('factoryDate')),
  installDate: checkedString(checkDate('installDate')),
  warrantyMonths: z.number().int().min(0).max(WARRANTY_MONTHS_MAX),
  manufacturer: limitedText('manufacturer', COMPANY_NAME_MAX_LENGTH),
  /** Larger is higher in lists; a positive integer (§3, §5). */
  sortNumber: z.number().int().min(1).max(2_147_483_647),
};

const optionalFields = {
  groupName: deviceFields.groupName.optional(),
  address: deviceFields.address.optional(),
  longitude: deviceFields.longitude.optional(),
  latitude: deviceFields.latitude.optional(),
  iccid: deviceFields.iccid.optional(),
  remark: deviceFields.remark.optional(),
  deviceNumber: deviceFields.deviceNumber.optional(),
  factoryDate: deviceFields.factoryDate.optional(),
  installDate: deviceFields.installDate.optional(),
  warrantyMonths: deviceFields.warrantyMonths.optional(),
  manufacturer: deviceFields.manufacturer.optional(),
  sortNumber: deviceFields.sortNumber.optional(),
};

/** Binds the gateway with this SN and verification code to a new device of the product. */
export const deviceAddSchema = z.object({
  name: deviceFields.name,
  sn: snField,
  verificationCode: checkedString(checkGatewayCode).transform((value) => value.trim()),
  productId: idField,
  ...optionalFields,
});
export type DeviceAddRequest = z.infer<typeof deviceAddSchema>;

/** Fields left out stay; an empty value clears an optional one. */
export const deviceEditSchema = z.object({
  id: idField,
  name: deviceFields.name.optional(),
  groupName: deviceFields.groupName.nullable().optional(),
  address: deviceFields.address.nullable().optional(),
  longitude: deviceFields.longitude.nullable().optional(),
  latitude: deviceFields.latitude.nullable().optional(),
  iccid: deviceFields.iccid.nullable().optional(),
  remark: deviceFields.remark.nullable().optional(),
  deviceNumber: deviceFields.deviceNumber.nullable().optional(),
  factoryDate: deviceFields.factoryDate.nullable().optional(),
  installDate: deviceFields.installDate.nullable().optional(),
  warrantyMonths: deviceFields.warrantyMonths.nullable().optional(),
  manufacturer: deviceFields.manufacturer.nullable().optional(),
  sortNumber: deviceFields.sortNumber.optional(),
});
export type DeviceEditRequest = z.infer<typeof deviceEditSchema>;

export const deviceQuerySchema = z.object({
  ...pagingFields,
  /** Part of the device name or the gateway SN. */
  keyword: z.string().trim().max(50).optional(),
  groupName: z.string().optional(),
  /** Status of the device's gateway. */
  status: z.enum(GATEWAY_STATUSES).optional(),
  productId: z.string().optional(),
});

export const deviceIdSchema = z.object({ id: idField });
