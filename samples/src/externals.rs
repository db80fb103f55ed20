//! The objects Rust made and handed to C# in a recorded game, saved beside the call log.
//!
//! A call log names every object by the handle that passed it, and a replay maps each handle to
//! the object a replayed call returned in its place. The death handler (an `Action<Entity>` made
//! from a Rust closure) and the ghoul (a Rust subclass of `Monster`, made by `Monster::extend`)
//! were returned by no call: the runtime makes them for Rust and records none of that. So the
//! recording writes what it made, and with what arguments, to `FILE.externals`, one line each,
//! and the replay makes the same again when the log first passes it
//! (`cilbind::record::Replayer::on_external`):
//!
//! ```text
//! cilbind-samples externals 2
//! features natives,ghoul,died-handler
//! death-handler 4294967298
//! ghoul 4294967299 2 1 0 -5 0 8 Orc-1
//! ```
//!
//! The second line lists the features the recorded game played with (`none` for none): a
//! replay plays with the same, since they choose the game's build (natives off loads the one
//! whose `Rules.Mitigate` is C#) and what Rust made.
//!
//! A ghoul line is `ghoul COOKIE ID ARMOR HITS X Y Z NAME` (the name last: it is the rest of the
//! line). Floats are written as Rust's `Display` writes them, the shortest text that reads back
//! as the same `f32`.

use std::path::{Path, PathBuf};

use cilbind::Cookie;

use crate::error::file_context;
use crate::{Feature, Features, SampleError};

/// The first line of every externals file; the number is the format's version.
const HEADER: &str = "cilbind-samples externals 2";

/// What `--record FILE` adds to FILE's name for the externals file.
pub const EXTERNALS_EXTENSION: &str = "externals";

/// An object Rust made and passed to C#, as the recording saw it.
#[derive(Clone, Debug, PartialEq)]
pub enum External {
    /// The `World.Died` handler: an `Action<Entity>` made from a Rust closure.
    DeathHandler {
        /// The handle that passed it to `World.add_Died` in the recording.
        cookie: Cookie,
    },
    /// The ghoul: `Monster::extend(Ghoul, id, name, at, armor)`, a Rust value with its hit count.
    Ghoul {
        /// The handle `Monster::extend` returned, which passed it to `World.Adopt`.
        cookie: Cookie,
        /// The id it was made with (the world's `NextId`).
        id: i32,
        /// Its name.
        name: String,
        /// Where it was made, `[x, y, z]`.
        at: [f32; 3],
        /// Its armor.
        armor: i32,
        /// Its Rust value's hit count when it was made.
        hits: u32,
    },
}

impl External {
    /// The handle the recording passed it with.
    pub fn cookie(&self) -> Cookie {
        match self {
            External::DeathHandler { cookie } | External::Ghoul { cookie, .. } => *cookie,
        }
    }

    fn line(&self) -> String {
        match self {
            External::DeathHandler { cookie } => format!("death-handler {}", cookie.0),
            External::Ghoul {
                cookie,
                id,
                name,
                at: [x, y, z],
                armor,
                hits,
            } => format!("ghoul {} {id} {armor} {hits} {x} {y} {z} {name}", cookie.0),
        }
    }

    fn parse(line: &str) -> Result<External, String> {
        let (kind, rest) = line.split_once(' ').ok_or("no fields")?;
        let number = |field: Option<&str>, what: &str| -> Result<u64, String> {
            let field = field.ok_or_else(|| format!("no {what}"))?;
            field.parse().map_err(|e| format!("{what} {field:?}: {e}"))
        };
        match kind {
            "death-handler" => {
                let mut fields = rest.split(' ');
                let cookie = Cookie(number(fields.next(), "cookie")?);
                match fields.next() {
                    None => Ok(External::DeathHandler { cookie }),
                    Some(extra) => Err(format!("{extra:?} after the cookie")),
                }
            }
            "ghoul" => {
                // Seven fields, then the name (which may hold spaces).
                let mut fields = rest.splitn(8, ' ');
                let cookie = Cookie(number(fields.next(), "cookie")?);
                let mut int = |what: &str| -> Result<i64, String> {
                    let field = fields.next().ok_or_else(|| format!("no {what}"))?;
                    field.parse().map_err(|e| format!("{what} {field:?}: {e}"))
                };
                let id = int("id")?;
                let armor = int("armor")?;
                let hits = int("hit count")?;
                let mut at = [0f32; 3];
                for (axis, value) in ["x", "y", "z"].iter().zip(&mut at) {
                    let field = fields.next().ok_or_else(|| format!("no {axis}"))?;
                    *value = field.parse().map_err(|e| format!("{axis} {field:?}: {e}"))?;
                }
                let name = fields.next().filter(|n| !n.is_empty()).ok_or("no name")?;
                let fits = |v: i64, what: &str| format!("{what} {v} is out of range");
                Ok(External::Ghoul {
                    cookie,
                    id: i32::try_from(id).map_err(|_| fits(id, "id"))?,
                    name: name.to_string(),
                    at,
                    armor: i32::try_from(armor).map_err(|_| fits(armor, "armor"))?,
                    hits: u32::try_from(hits).map_err(|_| fits(hits, "hit count"))?,
                })
            }
            other => Err(format!("unknown kind {other:?} (death-handler or ghoul)")),
        }
    }
}

/// The externals file that goes with the call log `log`: `log` with `.externals` added.
pub(crate) fn path_for(log: &Path) -> PathBuf {
    let mut name = log.as_os_str().to_owned();
    name.push(".");
    name.push(EXTERNALS_EXTENSION);
    PathBuf::from(name)
}

/// The features line: `features` and the names of those on, comma-separated (`none`).
fn features_line(features: &Features) -> String {
    let on: Vec<&str> = Feature::ALL
        .into_iter()
        .filter(|f| features.has(*f))
        .map(Feature::name)
        .collect();
    if on.is_empty() {
        "features none".into()
    } else {
        format!("features {}", on.join(","))
    }
}

fn parse_features(line: &str) -> Result<Features, String> {
    let list = line
        .strip_prefix("features ")
        .ok_or_else(|| format!("{line:?} is no features line (`features natives,ghoul,died-handler`)"))?;
    let mut features = Features::NONE;
    if list == "none" {
        return Ok(features);
    }
    for name in list.split(',') {
        let feature = Feature::ALL
            .into_iter()
            .find(|f| f.name() == name)
            .ok_or_else(|| format!("unknown feature {name:?}"))?;
        features = match feature {
            Feature::Natives => Features {
                natives: true,
                ..features
            },
            Feature::Ghoul => Features {
                ghoul: true,
                ..features
            },
            Feature::DiedHandler => Features {
                died_handler: true,
                ..features
            },
        };
    }
    Ok(features)
}

/// The text of an externals file of a game played with `features` that made `made`.
fn render(features: &Features, made: &[External]) -> String {
    let mut text = format!("{HEADER}\n{}\n", features_line(features));
    for external in made {
        text += &external.line();
        text.push('\n');
    }
    text
}

/// Reads the features and the objects listed in `text` (an externals file's, named `path`
/// in errors).
fn parse(path: &Path, text: &str) -> Result<(Features, Vec<External>), SampleError> {
    let bad = |line: usize, why: String| SampleError::Replay(format!("{}, line {line}: {why}", path.display()));
    let mut lines = text.lines();
    if lines.next() != Some(HEADER) {
        return Err(bad(
            1,
            format!("not a sample's externals file (its first line is not {HEADER:?})"),
        ));
    }
    let features = parse_features(lines.next().unwrap_or_default()).map_err(|why| bad(2, why))?;
    let made = lines
        .enumerate()
        .filter(|(_, l)| !l.is_empty())
        .map(|(i, l)| External::parse(l).map_err(|why| bad(i + 3, why)))
        .collect::<Result<_, _>>()?;
    Ok((features, made))
}

/// Writes the externals file of the call log `log` of a game played with `features`; returns
/// its path.
pub(crate) fn write(log: &Path, features: &Features, made: &[External]) -> Result<PathBuf, SampleError> {
    let path = path_for(log);
    file_context(std::fs::write(&path, render(features, made)), || {
        format!("writing the externals file {}", path.display())
    })?;
    Ok(path)
}

/// Reads the externals file of the call log `log`: the features the game played with, and
/// what Rust made.
pub(crate) fn read(log: &Path) -> Result<(Features, Vec<External>), SampleError> {
    let path = path_for(log);
    let text = file_context(std::fs::read_to_string(&path), || {
        format!(
            "reading {}, the objects Rust made in the recorded game (--record writes it beside the log)",
            path.display()
        )
    })?;
    parse(&path, &text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Vec<External> {
        vec![
            External::DeathHandler {
                cookie: Cookie(4294967298),
            },
            External::Ghoul {
                cookie: Cookie(4294967299),
                id: 2,
                name: "Orc 1".into(),
                at: [-5.0, 0.1, 8.25],
                armor: 1,
                hits: 3,
            },
        ]
    }

    #[test]
    fn the_list_reads_back_as_written() {
        let text = render(&Features::ALL, &sample());
        assert!(
            text.starts_with(
                "cilbind-samples externals 2\nfeatures natives,ghoul,died-handler\ndeath-handler 4294967298\n"
            ),
            "{text}"
        );
        assert_eq!(parse(Path::new("x"), &text).unwrap(), (Features::ALL, sample()));
        for features in [Features::NONE, Features::CORECLR] {
            let text = render(&features, &[]);
            assert_eq!(parse(Path::new("x"), &text).unwrap(), (features, vec![]));
        }
    }

    #[test]
    fn bad_files_are_errors_naming_the_line() {
        const H: &str = "cilbind-samples externals 2\nfeatures died-handler\n";
        let cases: Vec<(String, usize, &str)> = vec![
            ("".into(), 1, "not a sample's externals file"),
            (
                "cilbind-samples externals 1\n".into(),
                1,
                "not a sample's externals file",
            ),
            ("cilbind-samples externals 2\n".into(), 2, "no features line"),
            (
                "cilbind-samples externals 2\nfeatures wings\n".into(),
                2,
                "unknown feature",
            ),
            (format!("{H}ghost 1\n"), 3, "unknown kind"),
            (format!("{H}death-handler x\n"), 3, "cookie"),
            (format!("{H}death-handler 1 2\n"), 3, "after the cookie"),
            (format!("{H}\nghoul 1 2 3 4 5 6\n"), 4, "no z"),
            (format!("{H}ghoul 1 2 3 4 5 6 7\n"), 3, "no name"),
            (format!("{H}ghoul 1 9999999999 3 4 5 6 7 n\n"), 3, "id 9999999999"),
            (format!("{H}ghoul 1 2 3 -4 5 6 7 n\n"), 3, "hit count -4"),
        ];
        for (text, line, why) in &cases {
            let (text, line, why) = (text.as_str(), *line, *why);
            match parse(Path::new("f.externals"), text) {
                Err(SampleError::Replay(m)) => {
                    assert!(
                        m.contains(&format!("f.externals, line {line}: ")) && m.contains(why),
                        "{text:?}: {m}"
                    )
                }
                other => panic!("{text:?} was read: {other:?}"),
            }
        }
    }

    #[test]
    fn the_file_is_named_after_the_log() {
        assert_eq!(
            path_for(Path::new("/tmp/game.log")),
            Path::new("/tmp/game.log.externals")
        );
    }
}
