/** Request bodies of the device paths (/equipment/*) with the §3 device fields and their §5 rules. */
import { z } from 'zod';
import {
  ADDRESS_MAX_LENGTH,
  COMPANY_NAME_MAX_LENGTH,
  NAME_MAX_LENGTH,
  REMARK_MAX_LENGTH,
  checkedString,
  type Check,
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

/** §5 "new device name max 25". */
export const DEVICE_NAME_MAX_LENGTH = 25;
export const DEVICE_NUMBER_MAX_LENGTH = 50;
export const WARRANTY_MONTHS_MAX = 1200;
/** ICCIDs are 19 or 20 characters; some SIMs end with a letter. */
const ICCID_PATTERN = /^[0-9]{18,20}[0-9A-Za-z]?$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date as YYYY-MM-DD, not before 1970 (§5). */
export const checkDate =
  (field: string): Check =>
  (value) => {
    const match = DATE_PATTERN.exec(value.trim());
    const date = match ? new Date(`${value.trim()}T00:00:00Z`) : null;
    if (!match || !date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value.trim()) {
      return { code: '1002', params: { field } };
    }
    return Number(match[1]) < 1970 ? { code: '1806' } : null;
  };

const checkIccid: Check = (value) =>
  ICCID_PATTERN.test(value.trim()) ? null : { code: '1002', params: { field: 'iccid' } };

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
