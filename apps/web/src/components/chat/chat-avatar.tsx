import Avatar from '@mui/material/Avatar';
import { DEFAULT_AVATAR_PATH } from '@app/domain/chats/chats.schema';

/** Up to two initials of a name ('Pedro Perez' → 'PP'); '#' and digits are no initials. */
export function initialsOf(name: string): string {
  const words = name
    .replace(/[#\d]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/**
 * A person's or chat's picture, or the initials of `name` when it has none (the API's default avatar is
 * no picture of anyone).
 */
export function ChatAvatar({
  src,
  name,
  size = 36,
}: {
  src: string | null | undefined;
  name: string;
  size?: number;
}) {
  const picture = src && src !== DEFAULT_AVATAR_PATH ? src : undefined;
  return (
    <Avatar src={picture} alt="" sx={{ width: size, height: size, fontSize: size * 0.38 }}>
      {initialsOf(name) || null}
    </Avatar>
  );
}
