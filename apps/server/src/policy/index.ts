export {
  Authorizer,
  NO_OBJECT,
  allowsOnSeenDevice,
  type AuthorizeCaller,
  type PolicyObject,
} from './authorize.ts';
export { PolicyRelationRepository } from './relation.repository.ts';
