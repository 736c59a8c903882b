-- A staff account without a role holds only the minimal codes: its own account's information and
-- security settings (MINIMAL_PERMISSIONS in packages/contracts). Staff made without a role used to
-- keep every code; they keep these alone from now on, until someone gives them a role.
UPDATE "accounts"
SET "auths" = 'account,account:info,account:security'
WHERE "account_kind" = 'operation'
  AND NOT "is_super_manager"
  AND NOT EXISTS (SELECT 1 FROM "account_roles" WHERE "account_roles"."account_id" = "accounts"."id");
