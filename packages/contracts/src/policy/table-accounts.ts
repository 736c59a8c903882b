/**
 * Administration: accounts, roles, authorizations, dealers and enterprise certification.
 * One area of the policy table, joined with the others in `table.ts` in the order
 * docs/permissions.md lists them.
 */
import type { ActionPolicy } from './table-builders.ts';
import { view, change, administers } from './table-builders.ts';

export const ACCOUNT_ACTIONS = {
  // Administration (the admin service applies the grant ceiling to each object).
  'account.list': view(
    'account',
    '账号列表与详情',
    'Accounts and their detail',
    administers('manage:account:op', 'manage:account:dev', 'manage:account:ter'),
  ),
  'account.create': change(
    'account',
    '添加账号',
    'Add an account',
    administers('manage:account:op', 'manage:account:dev'),
  ),
  'account.administer': change(
    'account',
    '重置密码、启用停用、删除账号',
    "Reset an account's password, enable, disable or delete it",
    administers('manage:account:op', 'manage:account:dev', 'manage:account:ter'),
  ),
  // Who adds staff or developers picks their role, so reads the roles too.
  'role.list': view(
    'role',
    '角色列表',
    'Roles',
    administers(
      'manage:authorization',
      'manage:account:permission',
      'manage:account:op',
      'manage:account:dev',
    ),
  ),
  'role.edit': change('role', '编辑与删除角色', 'Save and delete roles', administers('manage:authorization')),
  'role.assign': change(
    'role',
    '分配角色',
    'Assign a role',
    administers('manage:account:permission', 'manage:authorization:permission'),
  ),
  'authorization.list': view('role', '授权列表', 'Authorizations', administers('manage:authorization')),
  'admin.productOptions': view(
    'product',
    '授权时可选的产品',
    'Products to choose when authorizing',
    administers('manage:authorization', 'manage:account:permission', 'manage:dealer:permission'),
  ),
  'dealer.list': view('dealer', '经销商列表', 'Dealers', administers('manage:dealer')),
  'dealer.detail': view(
    'dealer',
    '经销商详情',
    'Dealer detail',
    administers('manage:dealer', 'manage:dealer:permission'),
  ),
  'dealer.certify': change(
    'dealer',
    '认证、编辑与取消经销商',
    'Certify, edit and cancel dealers',
    administers('manage:dealer:permission'),
  ),
  'certification.list': view(
    'account',
    '企业认证申请',
    'Enterprise certification requests',
    administers('manage:account:ter'),
  ),
  'certification.decide': change(
    'account',
    '企业认证审核',
    'Enterprise certification',
    administers('manage:account:ter'),
  ),
} as const satisfies Record<string, ActionPolicy>;
