//! A pack uploaded as an archive of its directory: a `.zip` or a `.tar.gz`
//! (docs/campaign.md, "Uploading"). The archive is unpacked in memory into
//! the same map of paths to texts the JSON upload sends, and that map goes
//! through the same checks (`upload::files`) and the same loader: an
//! archive is accepted exactly when its files sent as JSON would be.
//!
//! A hostile archive is refused quickly, before anything is parsed: the
//! request body is at most 1 MB (the server's limit); an archive holds at
//! most [`MAX_ENTRIES`] entries (folders included), and at most
//! [`MAX_UNPACKED`] bytes once decompressed, counted as they are read (the
//! sizes an archive declares are not trusted), so a zip bomb stops at the
//! bound; a path that is absolute, climbs out (`..`), or uses a backslash
//! or a drive letter is refused, and so is anything but a plain file or a
//! folder (symbolic and hard links, devices) and an encrypted entry.

use std::cell::Cell;
use std::collections::BTreeMap;
use std::io::Read;
use std::rc::Rc;

use crate::error::AppError;

/// The most entries (files and folders) an archive may hold.
pub(crate) const MAX_ENTRIES: usize = 256;
/// The most bytes an archive may unpack to, all its files together.
pub(crate) const MAX_UNPACKED: u64 = 4 * 1024 * 1024;

/// What the archive is, from its first bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A zip archive (`PK`).
    Zip,
    /// A gzip-compressed tar archive.
    TarGz,
}

fn refuse(message: String) -> AppError {
    AppError::unprocessable("invalid_pack_archive", message)
}

/// The kind of `bytes`, by its magic number, or why it is neither.
pub(crate) fn kind(bytes: &[u8]) -> Result<Kind, AppError> {
    if bytes.starts_with(b"PK\x03\x04") || bytes.starts_with(b"PK\x05\x06") {
        Ok(Kind::Zip)
    } else if bytes.starts_with(&[0x1f, 0x8b]) {
        Ok(Kind::TarGz)
    } else {
        Err(refuse(
            "the body is neither a .zip nor a .tar.gz archive; archive the pack's directory (`zip -r pack.zip mypack` or `tar czf pack.tar.gz mypack`), or send its files as JSON to POST .../packs".into(),
        ))
    }
}

/// The pack's files in `bytes` (a `.zip` or a `.tar.gz`), by path, or why
/// the archive is refused. Folders are left out; the files are not yet
/// checked as a pack's (`upload::files` does that).
pub(crate) fn unpack(bytes: &[u8]) -> Result<BTreeMap<String, String>, AppError> {
    match kind(bytes)? {
        Kind::Zip => unzip(bytes),
        Kind::TarGz => untar(bytes),
    }
}

/// A path as an archive names it, made safe or refused: `./` prefixes are
/// dropped; `None` for the archive's root folder itself.
fn safe_path(raw: &str) -> Result<Option<String>, AppError> {
    let unsafe_path = || {
        refuse(format!(
            "the archive holds `{}`, a path that is absolute or climbs out of the pack's directory; archive the directory itself",
            raw.chars().take(80).collect::<String>()
        ))
    };
    if raw.starts_with('/') || raw.contains('\\') || raw.contains('\0') {
        return Err(unsafe_path());
    }
    let mut parts = Vec::new();
    for part in raw.split('/') {
        match part {
            "" | "." => {}
            ".." => return Err(unsafe_path()),
            p if p.len() >= 2 && p.as_bytes()[1] == b':' => return Err(unsafe_path()),
            p => parts.push(p),
        }
    }
    if parts.is_empty() {
        return Ok(None);
    }
    Ok(Some(parts.join("/")))
}

/// Counts what is unpacked against [`MAX_UNPACKED`].
struct Budget {
    left: u64,
}

impl Budget {
    fn new() -> Self {
        Budget { left: MAX_UNPACKED }
    }

    /// Reads one file of `reader` within what is left, as UTF-8 text.
    fn read(&mut self, path: &str, reader: impl Read) -> Result<String, AppError> {
        let mut data = Vec::new();
        reader
            .take(self.left + 1)
            .read_to_end(&mut data)
            .map_err(|e| refuse(format!("`{path}` cannot be unpacked: {e}")))?;
        if data.len() as u64 > self.left {
            return Err(too_big());
        }
        self.left -= data.len() as u64;
        String::from_utf8(data).map_err(|e| {
            refuse(format!(
                "`{path}` is not UTF-8 text (bad byte at {}); a pack is its TOML files only",
                e.utf8_error().valid_up_to()
            ))
        })
    }
}

fn too_big() -> AppError {
    refuse(format!(
        "the archive unpacks to more than {MAX_UNPACKED} bytes; a pack's files are small (at most 64 of 512 KiB)"
    ))
}

fn too_many() -> AppError {
    refuse(format!(
        "the archive holds more than {MAX_ENTRIES} entries; a pack has at most 64 files"
    ))
}

fn add(files: &mut BTreeMap<String, String>, path: String, text: String) -> Result<(), AppError> {
    if files.insert(path.clone(), text).is_some() {
        return Err(refuse(format!("the archive holds `{path}` twice")));
    }
    Ok(())
}

fn unzip(bytes: &[u8]) -> Result<BTreeMap<String, String>, AppError> {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes))
        .map_err(|e| refuse(format!("the .zip cannot be read: {e}")))?;
    if archive.len() > MAX_ENTRIES {
        return Err(too_many());
    }
    let mut budget = Budget::new();
    let mut files = BTreeMap::new();
    for i in 0..archive.len() {
        let entry = archive.by_index(i).map_err(|e| {
            refuse(format!(
                "entry {} of the .zip cannot be read: {e} (encrypted entries are refused)",
                i + 1
            ))
        })?;
        let name = entry
            .name()
            .map_err(|e| {
                refuse(format!(
                    "entry {} of the .zip has no readable name: {e}",
                    i + 1
                ))
            })?
            .to_string();
        let Some(path) = safe_path(&name)? else {
            continue;
        };
        if entry.is_symlink() {
            return Err(refuse(format!(
                "`{path}` is a symbolic link; a pack holds plain files only"
            )));
        }
        if entry.is_dir() {
            continue;
        }
        if entry.encrypted() {
            return Err(refuse(format!(
                "`{path}` is encrypted; archive the pack without a password"
            )));
        }
        let text = budget.read(&path, entry)?;
        add(&mut files, path, text)?;
    }
    Ok(files)
}

/// A reader that fails once more than `left` bytes went through it, and
/// says so in `over` (the decompressed tar stream, headers and all).
struct Capped<R> {
    inner: R,
    left: u64,
    over: Rc<Cell<bool>>,
}

impl<R: Read> Read for Capped<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        if n as u64 > self.left {
            self.over.set(true);
            return Err(std::io::Error::other("the archive unpacks to too much"));
        }
        self.left -= n as u64;
        Ok(n)
    }
}

fn untar(bytes: &[u8]) -> Result<BTreeMap<String, String>, AppError> {
    use tar::EntryType;
    let over = Rc::new(Cell::new(false));
    // Headers are 512 bytes each, and the end two more blocks.
    let stream = Capped {
        inner: flate2::read::GzDecoder::new(bytes),
        left: MAX_UNPACKED + 512 * (3 * MAX_ENTRIES as u64 + 4) + 10_240,
        over: over.clone(),
    };
    let failed = |e: std::io::Error, over: &Rc<Cell<bool>>| {
        if over.get() {
            too_big()
        } else {
            refuse(format!("the .tar.gz cannot be read: {e}"))
        }
    };
    let mut archive = tar::Archive::new(stream);
    let mut budget = Budget::new();
    let mut files = BTreeMap::new();
    let entries = archive.entries().map_err(|e| failed(e, &over))?;
    for (n, entry) in entries.enumerate() {
        if n >= MAX_ENTRIES {
            return Err(too_many());
        }
        let entry = entry.map_err(|e| failed(e, &over))?;
        let raw = entry.path_bytes();
        let name = std::str::from_utf8(&raw)
            .map_err(|_| refuse("the archive holds a path that is not UTF-8".into()))?
            .to_string();
        let Some(path) = safe_path(&name)? else {
            continue;
        };
        match entry.header().entry_type() {
            EntryType::Regular | EntryType::Continuous => {}
            EntryType::Directory | EntryType::XGlobalHeader => continue,
            EntryType::Symlink | EntryType::Link => {
                return Err(refuse(format!(
                    "`{path}` is a link; a pack holds plain files only"
                )));
            }
            other => {
                return Err(refuse(format!(
                    "`{path}` is not a plain file ({other:?}); a pack holds plain files only"
                )));
            }
        }
        let text = budget
            .read(&path, entry)
            .map_err(|e| if over.get() { too_big() } else { e })?;
        add(&mut files, path, text)?;
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;

    pub(crate) fn zip_of(files: &[(&str, &[u8])]) -> Vec<u8> {
        let mut out = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        for (path, data) in files {
            out.start_file(*path, options).unwrap();
            out.write_all(data).unwrap();
        }
        out.finish().unwrap().into_inner()
    }

    fn tar_gz_of(entries: &[(&str, tar::EntryType, &[u8])]) -> Vec<u8> {
        let gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        let mut out = tar::Builder::new(gz);
        for (path, kind, data) in entries {
            let mut header = tar::Header::new_gnu();
            header.set_entry_type(*kind);
            header.set_size(data.len() as u64);
            header.set_mode(0o644);
            if *kind == tar::EntryType::Symlink {
                header.set_link_name("/etc/passwd").unwrap();
            }
            // Written by hand: the builder's `append_data` refuses `..`.
            let name = header.as_old_mut().name.as_mut();
            name[..path.len()].copy_from_slice(path.as_bytes());
            header.set_cksum();
            out.append(&header, *data).unwrap();
        }
        out.into_inner().unwrap().finish().unwrap()
    }

    #[test]
    fn a_zip_and_a_tar_gz_of_a_directory_unpack_to_its_files() {
        let zip = zip_of(&[("mypack/pack.toml", b"a"), ("mypack/weapons.toml", b"b")]);
        let files = unpack(&zip).unwrap();
        assert_eq!(
            files.keys().collect::<Vec<_>>(),
            ["mypack/pack.toml", "mypack/weapons.toml"]
        );
        let tgz = tar_gz_of(&[
            ("./", tar::EntryType::Directory, b""),
            ("./pack.toml", tar::EntryType::Regular, b"a"),
        ]);
        let files = unpack(&tgz).unwrap();
        assert_eq!(files["pack.toml"], "a");
    }

    #[test]
    fn hostile_archives_are_refused_with_what_is_wrong() {
        let zeros = vec![0u8; (MAX_UNPACKED + 1) as usize];
        let cases: Vec<(&str, Vec<u8>, &str)> = vec![
            (
                "zip bomb",
                zip_of(&[("pack.toml", &zeros)]),
                "unpacks to more than",
            ),
            (
                "tar bomb",
                tar_gz_of(&[("pack.toml", tar::EntryType::Regular, &zeros)]),
                "unpacks to more than",
            ),
            (
                "zip climbing out",
                zip_of(&[("../pack.toml", b"a")]),
                "climbs out",
            ),
            (
                "tar climbing out",
                tar_gz_of(&[("a/../../x.toml", tar::EntryType::Regular, b"a")]),
                "climbs out",
            ),
            ("absolute", zip_of(&[("/etc/pack.toml", b"a")]), "absolute"),
            (
                "symlink",
                tar_gz_of(&[("pack.toml", tar::EntryType::Symlink, b"")]),
                "is a link",
            ),
            (
                "device",
                tar_gz_of(&[("pack.toml", tar::EntryType::Char, b"")]),
                "not a plain file",
            ),
            ("not text", zip_of(&[("pack.toml", &[0xff, 0xfe])]), "UTF-8"),
            ("neither", b"hello".to_vec(), "neither a .zip nor a .tar.gz"),
            ("broken gzip", vec![0x1f, 0x8b, 0, 1, 2], "cannot be read"),
        ];
        for (what, bytes, said) in cases {
            let e = unpack(&bytes).expect_err(what);
            assert_eq!(e.code(), "invalid_pack_archive", "{what}");
            assert!(e.message().contains(said), "{what}: {}", e.message());
        }
        let many: Vec<(String, Vec<u8>)> = (0..=MAX_ENTRIES)
            .map(|i| (format!("f{i}.toml"), Vec::new()))
            .collect();
        let many: Vec<(&str, &[u8])> = many
            .iter()
            .map(|(p, d)| (p.as_str(), d.as_slice()))
            .collect();
        let e = unpack(&zip_of(&many)).unwrap_err();
        assert!(
            e.message().contains("more than 256 entries"),
            "{}",
            e.message()
        );
    }

    #[test]
    fn a_bomb_is_refused_quickly() {
        let zeros = vec![0u8; 16 * 1024 * 1024];
        let bomb = zip_of(&[("pack.toml", &zeros)]);
        assert!(
            bomb.len() < 1024 * 1024,
            "a 16 MiB bomb fits the body limit"
        );
        let started = std::time::Instant::now();
        assert!(unpack(&bomb).is_err());
        assert!(started.elapsed() < std::time::Duration::from_secs(2));
    }
}
