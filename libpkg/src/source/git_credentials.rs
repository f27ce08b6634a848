//! Credentials for git repositories over HTTPS, from where git users
//! already keep them, first match wins:
//!
//! 1. a token in [`TOKEN_ENV`] (with [`USERNAME_ENV`] as the user name,
//!    `x-access-token` by default, which GitHub, GitLab and Gitea accept),
//!    for pipelines;
//! 2. git's credential store files, `~/.git-credentials` and
//!    `$XDG_CONFIG_HOME/git/credentials` (lines `https://USER:TOKEN@HOST[/PATH]`,
//!    percent-encoded, as `git credential-store` writes them);
//! 3. the credential helpers git is configured with (`credential.helper`:
//!    a keychain, libsecret, Git Credential Manager), never prompting.
//!
//! Credentials go to the server in the request only: they are not part of a
//! reference, a plan, a release record or a message.

use std::path::PathBuf;

use gix::credentials::helper::{Action, NextAction};
use gix::credentials::protocol::{Context, Outcome};
use gix::sec::identity::Account;

/// Environment variable holding a token for git over HTTPS.
pub const TOKEN_ENV: &str = "KUBECTL_PKG_GIT_TOKEN";
/// Environment variable holding the user name sent with [`TOKEN_ENV`].
pub const USERNAME_ENV: &str = "KUBECTL_PKG_GIT_USERNAME";
/// The user name sent with a token when [`USERNAME_ENV`] is not set.
pub const DEFAULT_TOKEN_USERNAME: &str = "x-access-token";

/// A user name and password for one server.
#[derive(Clone, PartialEq, Eq)]
pub struct Credential {
    /// The user name.
    pub username: String,
    /// The password or token.
    pub password: String,
}

impl std::fmt::Debug for Credential {
    /// The user name only: a password never reaches a log.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Credential")
            .field("username", &self.username)
            .field("password", &"***")
            .finish()
    }
}

/// The credential for `url` from the token variable or the store files
/// (steps 1 and 2 of the module docs).
pub fn lookup(url: &url::Url) -> Option<Credential> {
    if let Some(token) = std::env::var(TOKEN_ENV).ok().filter(|t| !t.is_empty()) {
        let username = std::env::var(USERNAME_ENV)
            .ok()
            .filter(|u| !u.is_empty())
            .unwrap_or_else(|| DEFAULT_TOKEN_USERNAME.to_string());
        return Some(Credential {
            username,
            password: token,
        });
    }
    store_files()
        .into_iter()
        .filter_map(|path| std::fs::read_to_string(path).ok())
        .find_map(|text| from_store(&text, url))
}

/// Git's credential store files, in the order `git credential-store` reads them.
fn store_files() -> Vec<PathBuf> {
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let xdg = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| home.as_ref().map(|h| h.join(".config")));
    home.map(|h| h.join(".git-credentials"))
        .into_iter()
        .chain(xdg.map(|x| x.join("git").join("credentials")))
        .collect()
}

/// The first line of a credential store file that matches `url`: the same
/// scheme, host and port, and, when the line names a path, the same
/// repository path (or one under it).
pub fn from_store(text: &str, url: &url::Url) -> Option<Credential> {
    text.lines().find_map(|line| {
        let stored = url::Url::parse(line.trim()).ok()?;
        let path = stored.path().trim_end_matches('/');
        let same_server = stored.scheme() == url.scheme()
            && stored.host_str() == url.host_str()
            && stored.port_or_known_default() == url.port_or_known_default();
        let same_path = path.is_empty()
            || url.path() == path
            || url.path().trim_end_matches('/') == path
            || url.path().starts_with(&format!("{path}/"));
        if !same_server || !same_path || stored.username().is_empty() {
            return None;
        }
        let decode = |text: &str| {
            percent_encoding::percent_decode_str(text)
                .decode_utf8()
                .ok()
                .map(|s| s.into_owned())
        };
        Some(Credential {
            username: decode(stored.username())?,
            password: decode(stored.password().unwrap_or(""))?,
        })
    })
}

/// The authentication callback of a connection to `repository`'s remotes:
/// the module's three sources in order. `Store` and `Erase` (git's way of
/// approving or rejecting what a helper gave) go to the configured helpers
/// only; the files and the variable are the user's to change.
pub(crate) fn authenticate(
    repository: &gix::Repository,
) -> impl FnMut(Action) -> gix::Result<Option<Outcome>> + 'static {
    let repository = repository.clone();
    move |action| {
        if let Action::Get(context) = &action
            && let Some(credential) = context_url(context).and_then(|url| lookup(&url))
        {
            return Ok(Some(Outcome {
                identity: Account {
                    username: credential.username,
                    password: credential.password,
                    oauth_refresh_token: None,
                },
                next: NextAction::from(context.clone()),
            }));
        }
        let Some(url) = action
            .context()
            .and_then(|c| c.url.clone().or_else(|| c.to_url()))
            .and_then(|url| gix::url::parse(AsRef::<gix::bstr::BStr>::as_ref(&url)).ok())
        else {
            return Ok(None);
        };
        let (mut cascade, _, mut prompt) = repository.config_snapshot().credential_helpers(url)?;
        prompt.mode = gix::prompt::Mode::Disable;
        prompt.askpass = None;
        // A helper that has nothing is not an error: the server's 401 says more.
        Ok(cascade.invoke(action, prompt).unwrap_or(None))
    }
}

/// The URL a credential request is for.
fn context_url(context: &Context) -> Option<url::Url> {
    let text = context.url.clone().or_else(|| context.to_url())?;
    url::Url::parse(std::str::from_utf8(&text).ok()?).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_lines_match_scheme_host_port_and_path() {
        let store = "https://other:x@example.org\n\
                     https://alice:p%40ss@git.example.com/team\n\
                     https://bob:second@git.example.com\n";
        let get = |url: &str| from_store(store, &url::Url::parse(url).unwrap());
        let alice = get("https://git.example.com/team/packages.git").unwrap();
        assert_eq!(
            (alice.username.as_str(), alice.password.as_str()),
            ("alice", "p@ss")
        );
        assert_eq!(
            get("https://git.example.com/other/r.git").unwrap().username,
            "bob"
        );
        assert_eq!(
            get("https://git.example.com:443/other/r.git")
                .unwrap()
                .username,
            "bob"
        );
        assert_eq!(get("https://git.example.com:8443/r.git"), None);
        assert_eq!(get("http://git.example.com/r.git"), None);
        assert_eq!(
            get("https://git.example.com/teamwork/r.git")
                .unwrap()
                .username,
            "bob"
        );
        assert!(!format!("{alice:?}").contains("p@ss"));
    }
}
