//! A small document model rendered as terminal text or Markdown, so the sheet
//! is laid out once and shown either way.

use std::fmt::Write as _;

/// One block of a document.
pub(crate) enum Block {
    /// A section heading.
    Heading(String),
    /// `key: value` lines.
    Pairs(Vec<(String, String)>),
    /// A table with a header row.
    Table(Vec<String>, Vec<Vec<String>>),
    /// A paragraph of text.
    Text(String),
}

/// A document: a title and its blocks.
pub(crate) struct Doc {
    pub(crate) title: String,
    pub(crate) blocks: Vec<Block>,
}

impl Doc {
    pub(crate) fn new(title: impl Into<String>) -> Self {
        Self {
            title: title.into(),
            blocks: Vec::new(),
        }
    }

    pub(crate) fn heading(&mut self, text: impl Into<String>) {
        self.blocks.push(Block::Heading(text.into()));
    }

    pub(crate) fn pairs(&mut self, pairs: Vec<(String, String)>) {
        if !pairs.is_empty() {
            self.blocks.push(Block::Pairs(pairs));
        }
    }

    pub(crate) fn table(&mut self, header: &[&str], rows: Vec<Vec<String>>) {
        if !rows.is_empty() {
            self.blocks.push(Block::Table(
                header.iter().map(|s| s.to_string()).collect(),
                rows,
            ));
        }
    }

    pub(crate) fn text(&mut self, text: impl Into<String>) {
        self.blocks.push(Block::Text(text.into()));
    }

    /// Plain text with aligned columns.
    pub(crate) fn to_text(&self) -> String {
        let mut out = format!(
            "{}\n{}\n",
            self.title,
            "=".repeat(self.title.chars().count())
        );
        for block in &self.blocks {
            match block {
                Block::Heading(h) => {
                    let _ = write!(out, "\n{h}\n{}\n", "-".repeat(h.chars().count()));
                }
                Block::Pairs(pairs) => {
                    let width = pairs
                        .iter()
                        .map(|(k, _)| k.chars().count())
                        .max()
                        .unwrap_or(0);
                    for (k, v) in pairs {
                        let _ = writeln!(out, "{k:<width$}  {v}");
                    }
                }
                Block::Table(header, rows) => {
                    let widths: Vec<usize> = (0..header.len())
                        .map(|i| {
                            rows.iter()
                                .map(|r| r.get(i).map_or(0, |c| c.chars().count()))
                                .chain([header[i].chars().count()])
                                .max()
                                .unwrap_or(0)
                        })
                        .collect();
                    let line = |cells: &[String]| {
                        let parts: Vec<String> = cells
                            .iter()
                            .zip(&widths)
                            .map(|(c, w)| format!("{c:<w$}"))
                            .collect();
                        parts.join("  ").trim_end().to_string()
                    };
                    let _ = writeln!(out, "{}", line(header));
                    for row in rows {
                        let _ = writeln!(out, "{}", line(row));
                    }
                }
                Block::Text(t) => {
                    let _ = writeln!(out, "{t}");
                }
            }
        }
        out
    }

    /// Markdown.
    pub(crate) fn to_markdown(&self) -> String {
        let mut out = format!("# {}\n", self.title);
        let cell = |s: &str| s.replace('|', "\\|");
        for block in &self.blocks {
            match block {
                Block::Heading(h) => {
                    let _ = write!(out, "\n## {h}\n\n");
                }
                Block::Pairs(pairs) => {
                    for (k, v) in pairs {
                        let _ = writeln!(out, "- **{}**: {}", cell(k), cell(v));
                    }
                    out.push('\n');
                }
                Block::Table(header, rows) => {
                    let head: Vec<String> = header.iter().map(|h| cell(h)).collect();
                    let _ = writeln!(out, "| {} |", head.join(" | "));
                    let _ = writeln!(out, "|{}|", vec!["---"; header.len()].join("|"));
                    for row in rows {
                        let cells: Vec<String> = row.iter().map(|c| cell(c)).collect();
                        let _ = writeln!(out, "| {} |", cells.join(" | "));
                    }
                    out.push('\n');
                }
                Block::Text(t) => {
                    let _ = writeln!(out, "{t}\n");
                }
            }
        }
        out
    }
}
