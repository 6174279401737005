export { createTodosService, toTodo, type TodosService } from './todos.service.js';
export { todosRoutes } from './todos.routes.js';
export { createTodosForIssue, type IssueTodoDraft } from './todos.for-issue.js';
export { openTodosOfPerson, teamOpenTodoCounts, type DashboardTodoRow } from './todos.dashboard.repository.js';
export { insertTodos as insertImportedTodos, todoTitles, type TodoInsert as ImportedTodo } from './todos.repository.js';
export {
  todoCompletionByPeriod,
  type CompletionByPeriod,
  type CompletionCount,
} from './todos.completion.repository.js';
export { todosCreatedBetween } from './todos.recap.repository.js';
export { openTodosOfPeople, type AccountabilityTodoRow } from './todos.accountability.repository.js';
export { openTodosDueBetween } from './todos.calendar.repository.js';
