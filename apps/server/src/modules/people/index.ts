// People and accounts: the bottom module. It owns users, organizations, memberships and consultant grants
// (a grant stands in for a membership, decision 0006); auth, organizations, teams and consultants build on it.
export * from './people.repository.js';
export * from './consultant-grants.repository.js';
export * from './memberships.repository.js';
export * from './invited-people.repository.js';
export * from './organization-plan.repository.js';
