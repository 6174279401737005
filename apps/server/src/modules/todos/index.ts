export { createTodosService, type TodosService } from './todos.service.js';
export { todosRoutes } from './todos.routes.js';
export { todos } from './todos.table.js';
export { createTodosForIssue, type IssueTodoDraft } from './todos.for-issue.js';
