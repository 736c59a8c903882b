/**
 * The relations between a caller and an object that the policy table names (§6 data rules). Each
 * grant of an action pairs permission codes with one relation; the server decides whether the
 * relation holds (apps/server/src/policy/), the console and the docs read the vocabulary here.
 */

/** The share menus a receiver may be given (§6 menu permissions), as relation suffixes. */
export type ShareMenuRelation = `shareMenu:${string}`;

export const RELATIONS = {
  public: { zh: '任何人（无需登录）', en: 'Anyone, without signing in' },
  signedIn: { zh: '任何已登录账号', en: 'Any signed-in account' },
  self: { zh: '本人账号', en: "The caller's own account and what it creates for itself" },
  platform: { zh: '平台公共数据', en: 'Platform-wide data (catalogues, settings)' },
  visible: {
    zh: '可见范围内（所有者、授权、分享、开发者、经销商、数据权限内的运营人员）',
    en: 'Within what the caller may see (owner, grant, share, developer, dealer, staff in scope)',
  },
  staffInScope: { zh: '数据权限内的运营人员', en: "Operation staff within their role's data permission" },
  owner: {
    zh: '所有者（设备或网关的所有者，巡检计划的创建者）',
    en: 'The owner of the device or gateway (the maker of an inspection plan)',
  },
  grant: { zh: '被授权或被分享者', en: 'An account granted or shared the device' },
  grantWithWrite: { zh: '带写入权限的授权或分享', en: 'A grant or share that allows writing' },
  authorization: {
    zh: '设备授权（非分享，含全部菜单）',
    en: 'An authorization of the device (not a share: every menu)',
  },
  grantWithReshare: {
    zh: '允许再次分享的分享',
    en: 'A share that allows sharing the device further',
  },
  developerOfProduct: { zh: '产品的开发者', en: 'The developer who owns the product' },
  dealerOfCustomer: { zh: '客户的经销商', en: "A certified dealer of the device's owner" },
  dealerWithDebug: { zh: '带调试权限的经销商', en: 'A certified dealer of the owner, with debug rights' },
  administers: {
    zh: '可管理的账号、角色与经销商（不超过本人权限）',
    en: 'Accounts, roles and dealers the caller administers (never beyond its own codes and scope)',
  },
} as const;

export type BaseRelation = keyof typeof RELATIONS;
export type Relation = BaseRelation | ShareMenuRelation;

export type CallerKind = 'staff' | 'developer' | 'dealer' | 'terminal';

/**
 * Which callers a relation can ever hold for: staff relations only for operation staff, a
 * developer's only for developers, a dealer's only for dealers; the others for anyone signed in.
 */
export function relationOpenTo(relation: Relation, kind: CallerKind): boolean {
  if (relation === 'staffInScope' || relation === 'administers') return kind === 'staff';
  if (relation === 'developerOfProduct') return kind === 'developer';
  if (relation === 'dealerOfCustomer' || relation === 'dealerWithDebug') return kind === 'dealer';
  return true;
}

export function describeRelation(relation: Relation): { zh: string; en: string } {
  if (relation.startsWith('shareMenu:')) {
    const menu = relation.slice('shareMenu:'.length);
    return {
      zh: `被分享者，分享包含「${menu}」菜单`,
      en: `A share receiver whose share includes the "${menu}" menu`,
    };
  }
  return RELATIONS[relation as BaseRelation];
}
