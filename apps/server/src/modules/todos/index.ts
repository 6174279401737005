export { createTodosService, toTodo, type TodosService } from './todos.service.js';
export { todoColumns } from './todos.repository.js';
export { todosRoutes } from './todos.routes.js';
export { todos } from './todos.table.js';
export { createTodosForIssue, type IssueTodoDraft } from './todos.for-issue.js';
