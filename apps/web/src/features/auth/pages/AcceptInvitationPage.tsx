import { ComingWithPeopleRelease } from './ComingWithPeopleRelease';

export default function AcceptInvitationPage() {
  return (
    <ComingWithPeopleRelease
      title="Accept an invitation"
      what="People invited by their organization will join it here and choose their password."
    />
  );
}
