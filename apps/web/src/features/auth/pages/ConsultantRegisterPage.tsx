import { ComingWithPeopleRelease } from './ComingWithPeopleRelease';

export default function ConsultantRegisterPage() {
  return (
    <ComingWithPeopleRelease
      title="Consultant registration"
      what="Strategy consultants and coaches will register here to work inside their clients' organizations."
    />
  );
}
