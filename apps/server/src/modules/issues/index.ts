export { createIssueThreadsService, type IssueThreadsService } from './issue-threads.service.js';
export { createIssueRaiser, type IssueDraft, type IssueRaiser, type IssueSourceKind } from './issue-raiser.js';
export { registerRaiseIssueRoute } from './raise-issue.route.js';
export { createIssueFromSource, createIssuesService, type IssuesService } from './issues.service.js';
export { issuesRoutes } from './issues.routes.js';
export { issueAttachments, issueComments, issueTrail, issueVotes, issues } from './issues.table.js';
