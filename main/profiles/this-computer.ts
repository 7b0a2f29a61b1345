/** Who made a change (issue 63): a note's or a threshold's "changed by", here and on a team's server. */
import { hostname, userInfo } from 'node:os';

/** This person and computer, "anna@laptop-graz" (the computer's name alone when no user name is had). */
export function thisComputer(): string {
  let user = '';
  try {
    user = userInfo().username;
  } catch {
    // no user name to be had (a container without one): the computer's name alone
  }
  return user ? `${user}@${hostname()}` : hostname();
}
