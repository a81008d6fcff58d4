// The lobby's Friends panel (protocol v9): the players one follows, each
// online or not and at which tables, with a challenge a click away; a
// name to follow, challenge or block; and the players one blocks and
// mutes, to let go again. The list is asked for again when the lobby's
// lists change, which is when a friend comes, goes or sits down.
import { clear, h, toast } from "../dom";
import { gameTitle } from "../state";
import { socket } from "../ws";
import { onSocial, openChallengeDialog, setTie, type Relation, type Social } from "../social";

export function friendsPanel(): { el: HTMLElement; destroy: () => void } {
  const list = h("ul", { class: "friends", "aria-label": "Friends" });
  const privateList = h("ul", { class: "private-tables", "aria-label": "Your private games" });
  const others = h("div", { class: "ties" });
  const name = h("input", { id: "friend-name", "aria-label": "A player's name", placeholder: "A player's name", maxlength: 24, autocomplete: "off" });
  const err = h("p", { class: "form-error small", role: "alert" });
  const act = (label: string, id: string, run: (who: string) => Promise<unknown> | void) => {
    const b = h("button", { type: "button", id }, label);
    b.addEventListener("click", async () => {
      const who = name.value.trim();
      err.textContent = "";
      if (!who) {
        err.textContent = "Type a player's name first.";
        return;
      }
      try {
        await run(who);
        name.value = "";
      } catch (x) {
        err.textContent = (x as Error).message;
      }
    });
    return b;
  };
  const form = h("div", { class: "friend-form" }, name,
    act("Follow", "friend-follow", (who) => setTie("follow", who, true)),
    act("Challenge…", "friend-challenge", (who) => openChallengeDialog(who)),
    act("Block", "friend-block", (who) => setTie("block", who, true)));

  const undo = (relation: Relation, who: string, label: string) => {
    const b = h("button", { type: "button", class: "link small", "data-undo": relation }, label);
    b.addEventListener("click", () => { setTie(relation, who, false).catch((x: Error) => toast(x.message, "error")); });
    return b;
  };
  const render = (s: Social) => {
    // The tables challenges opened: only here, since the lobby lists
    // them to nobody.
    privateList.replaceChildren(...(s.private ?? []).map((p) => h("li", { "data-table": p.id },
      h("strong", null, gameTitle(p.game)), ` with ${p.with} `,
      h("a", { href: "/t/" + p.id, "data-nav": true, class: "button small-btn" }, "Return"))));
    privateList.hidden = privateList.children.length === 0;
    clear(list);
    if (s.friends.length === 0) list.append(h("li", { class: "muted small" }, "Follow players to see here when they are online and where they play."));
    for (const f of s.friends) {
      const challenge = h("button", { type: "button", class: "small-btn friend-challenge-one" }, "Challenge");
      challenge.addEventListener("click", () => openChallengeDialog(f.name));
      list.append(h("li", { "data-friend": f.name, class: f.online ? "online" : "offline" },
        h("span", { class: "presence-dot", "aria-hidden": "true" }),
        h("a", { href: "/profile/" + encodeURIComponent(f.name), "data-nav": true, class: "person" }, f.name),
        h("span", { class: "muted small friend-where" }, f.online ? "online" : "offline"),
        f.tables.map((t) => h("a", { href: "/t/" + t.id, "data-nav": true, class: "small friend-table" }, ` at ${gameTitle(t.game)}`)),
        " ", challenge, " ", undo("follow", f.name, "Unfollow")));
    }
    clear(others);
    if (s.blocked.length + s.muted.length > 0) {
      others.append(h("details", { class: "ties-details" }, h("summary", { class: "small" }, `Blocked ${s.blocked.length} · muted ${s.muted.length}`),
        h("ul", { class: "blocked" }, s.blocked.map((n) => h("li", { "data-blocked": n }, n, " ", undo("block", n, "Unblock")))),
        h("ul", { class: "muted-list" }, s.muted.map((n) => h("li", { "data-muted": n }, n, " ", undo("mute", n, "Unmute"))))));
    }
  };
  let timer = 0;
  const refresh = () => {
    if (timer) return;
    timer = window.setTimeout(() => {
      timer = 0;
      socket.send<Social>("social.list", {}).then(render).catch(() => undefined);
    }, 300);
  };
  refresh();
  const offs = [
    onSocial(render),
    ...["lobby.online", "lobby.online.diff", "lobby.tables", "lobby.tables.diff"].map((t) => socket.on(t, refresh)),
  ];
  const el = h("section", { class: "panel friends-panel", "aria-labelledby": "friends-h" },
    h("h2", { id: "friends-h" }, "Friends"), privateList, form, err, list, others);
  return { el, destroy: () => { offs.forEach((f) => f()); if (timer) clearTimeout(timer); } };
}
