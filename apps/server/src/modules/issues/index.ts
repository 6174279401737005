export { createIssueThreadsService, type IssueThreadsService } from './issue-threads.service.js';
export { createIssueRaiser, type IssueDraft, type IssueRaiser, type IssueSourceKind } from './issue-raiser.js';
export { registerRaiseIssueRoute } from './raise-issue.route.js';
export { createIssueFromSource, createIssuesService, type IssuesService } from './issues.service.js';
export { issuesRoutes } from './issues.routes.js';
export { openIssueCountSql } from './issues.repository.js';
export { openIssuesOfPerson, type DashboardIssueRow } from './issues.dashboard.repository.js';
export { insertImportedIssues, openIssueListState, type ImportedIssue } from './issues.import.repository.js';
export { issuesSolvedBetween } from './issues.recap.repository.js';
