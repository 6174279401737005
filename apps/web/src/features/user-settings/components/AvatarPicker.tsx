import { useRef } from 'react';
import toast from 'react-hot-toast';
import { LOGO_MAX_BYTES, type User } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { useRemoveAvatar, useUploadAvatar } from '../user-settings.api';

const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/** The profile picture: uploaded like the organization logo (the server checks the bytes), shown at once. */
export function AvatarPicker({ user }: { user: User }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
  const failure = upload.error ?? remove.error;

  const onFile = (file: File | undefined) => {
    if (!file) return;
    upload.reset();
    remove.reset();
    if (file.size > LOGO_MAX_BYTES) {
      toast.error('The picture must be at most 2 MB');
      return;
    }
    upload.mutate(file, { onSuccess: () => toast.success('Picture saved') });
  };

  return (
    <div className="space-y-2">
      <div className="flex items-center gap-4">
        {user.avatarUrl ? (
          <img src={user.avatarUrl} alt="Your picture" className="size-16 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-16 items-center justify-center rounded-full bg-slate-200 text-lg font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-100"
          >
            {initials}
          </span>
        )}
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          aria-label="Picture file"
          tabIndex={-1}
          onChange={(event) => {
            onFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Button variant="secondary" loading={upload.isPending} onClick={() => input.current?.click()}>
          {user.avatarUrl ? 'Change picture' : 'Upload picture'}
        </Button>
        {user.avatarUrl ? (
          <Button variant="ghost" loading={remove.isPending} onClick={() => remove.mutate()}>
            Remove picture
          </Button>
        ) : null}
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">PNG, JPEG, WebP or GIF, at most 2 MB.</p>
      {failure ? <Banner tone="error">{errorText(failure, 'The picture could not be saved')}</Banner> : null}
    </div>
  );
}
